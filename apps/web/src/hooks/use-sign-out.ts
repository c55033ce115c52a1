import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';
import { workspaceStore } from '../lib/workspace-store';
import { PATHS } from '../routes/paths';

/** Spec §4: sign-out clears the auth record and sets the workspace back to personal. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    authStore.clear();
    workspaceStore.set(null);
    queryClient.clear();
    navigate(PATHS.signIn, { replace: true });
  }, [queryClient, navigate]);
}
