import { useTranslation } from 'react-i18next';
import { authApi } from '../lib/auth-api';
import { errorText } from '../lib/error-text';
import { snackbarStore } from '../lib/snackbar-store';
import { useAsyncAction } from './use-async-action';
import { useLang } from './use-lang';

/** Asks the server for GitHub's authorize address and sends the browser there. */
export function useGithubSignIn() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  return useAsyncAction(() => authApi.githubEndpoint(), {
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => snackbarStore.show(errorText(error, lang, t('githubFailed')), 'error'),
  });
}
