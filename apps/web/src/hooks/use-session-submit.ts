import type { FieldErrors, Session } from '@didban/core';
import { useLocation, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store';
import { errorText } from '../lib/error-text';
import { snackbarStore } from '../lib/snackbar-store';
import { workspaceStore } from '../lib/workspace-store';
import { PATHS } from '../routes/paths';
import { useAsyncAction } from './use-async-action';
import { useLang } from './use-lang';

/**
 * Sign-in and sign-up share this: call the server, keep the session, return to where the user
 * was sent from (or home). A refusal shows the server's message and its per-field messages.
 */
export function useSessionSubmit<B>(
  call: (body: B) => Promise<Session>,
  fallbackMessage: string,
  onFieldErrors: (errors: FieldErrors) => void,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useLang();
  return useAsyncAction(call, {
    onSuccess: (session) => {
      authStore.signIn(session);
      workspaceStore.set(null);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith('/') ? from : PATHS.home, { replace: true });
    },
    onError: (error) => {
      const fields = (error as { errors?: FieldErrors }).errors;
      if (fields) onFieldErrors(fields);
      snackbarStore.show(errorText(error, lang, fallbackMessage), 'error');
    },
  });
}
