import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';
import { workspaceStore } from '../lib/workspace-store';
import { PATHS } from '../routes/paths';

/**
 * Spec §4: sign-out clears the auth record and sets the workspace back to personal. The token is
 * revoked on the server too (issue 35: `POST auth/logout/`), sent with the token read before it
 * is cleared and `keepalive`, so leaving the page at once does not cancel it.
 */
export function useSignOut(): () => void {
  return useEndSession(true);
}

/** Only the browser's part of signing out, for a token the server already ended (sign out everywhere). */
export function useForgetSession(): () => void {
  return useEndSession(false);
}

function useEndSession(revoke: boolean): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const token = authStore.token();
    if (token && revoke) {
      void fetch('/api/v1/auth/logout/', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
        keepalive: true,
      }).catch(() => undefined);
    }
    authStore.clear();
    workspaceStore.set(null);
    queryClient.clear();
    navigate(PATHS.signIn, { replace: true });
  }, [queryClient, navigate, revoke]);
}
