import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CallbackProgress } from '../../components/auth/callback-progress';
import { useLang } from '../../hooks/use-lang';
import { useOnce } from '../../hooks/use-once';
import { authApi } from '../../lib/auth-api';
import { authStore } from '../../lib/auth-store';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { workspaceStore } from '../../lib/workspace-store';
import { PATHS } from '../../routes/paths';

/**
 * /auth/github-callback: GitHub returns here with ?code&state; the server turns them into a
 * session. When the terminal client started the sign-in, the session is handed to its loopback
 * listener as `?token=` instead of being kept in this browser.
 */
export function GithubCallbackPage() {
  const { t } = useTranslation('callbacks');
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [handedToCli, setHandedToCli] = useState(false);

  useOnce(() => {
    const code = params.get('code');
    const state = params.get('state');
    const fail = (message: string) => {
      snackbarStore.show(message, 'error');
      navigate(PATHS.callbackError, { replace: true, state: { message } });
    };
    if (!code || !state) {
      fail(t('github.missing'));
      return;
    }
    authApi
      .githubExchange(code, state)
      .then((session) => {
        if (session.cli_redirect) {
          const target = new URL(session.cli_redirect);
          target.searchParams.set('token', session.access);
          setHandedToCli(true);
          window.location.assign(target.toString());
          return;
        }
        authStore.signIn(session);
        workspaceStore.set(null);
        navigate(PATHS.home, { replace: true });
      })
      .catch((error: unknown) => fail(errorText(error, lang, t('github.failed'))));
  });

  return <CallbackProgress message={handedToCli ? t('github.handedToCli') : t('github.working')} />;
}
