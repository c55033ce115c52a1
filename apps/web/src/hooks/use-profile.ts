import type { ProfileUpdateInput } from '@didban/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { authStore } from '../lib/auth-store';

const KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: KEY, queryFn: api.profile.get });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateInput) => api.profile.update(body),
    onSuccess: (profile) => {
      queryClient.setQueryData(KEY, profile);
      authStore.setUser({
        id: profile.id,
        username: profile.username,
        email: profile.email,
        profile_image: profile.profile_image,
        email_verified: profile.email_verified,
      });
    },
  });
}

/** Email the verification link for the current address again. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => api.profile.resendVerification() });
}
