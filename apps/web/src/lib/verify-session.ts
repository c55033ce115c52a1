import { type Lang, normalizeError, translate } from '@didban/core';
import { authApi } from './auth-api';
import { authStore } from './auth-store';
import { errorText } from './error-text';
import { snackbarStore } from './snackbar-store';

/**
 * Spec §4: at start the stored token is checked with the server; if it is refused the user is
 * signed out. Runs before the first render so no protected page shows with a dead token. A network
 * failure keeps the session (the server may be restarting) and says so.
 */
export async function verifyStoredSession(lang: Lang): Promise<void> {
  const token = authStore.token();
  if (!token) return;
  authStore.setLoading(true);
  try {
    const answer = await authApi.verifyToken(token);
    authStore.setUser(answer.user);
  } catch (error) {
    const status = normalizeError(error).status;
    if (status !== null && status < 500) {
      authStore.clear();
      snackbarStore.show(errorText(error, lang, translate('errors.token_invalid', lang)), 'warning');
    } else {
      authStore.setLoading(false);
      snackbarStore.show(errorText(error, lang), 'error');
    }
  }
}
