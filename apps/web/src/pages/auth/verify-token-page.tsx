import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CallbackProgress } from '../../components/auth/callback-progress';
import { useLang } from '../../hooks/use-lang';
import { useOnce } from '../../hooks/use-once';
import { authApi } from '../../lib/auth-api';
import { authStore } from '../../lib/auth-store';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { PATHS } from '../../routes/paths';

/**
 * /auth/verify-token?token=…: opens a session from an access token handed over by a link (the
 * terminal client's "open in browser"). The token is checked with `POST /token/verify/` first.
 */
export function VerifyTokenPage() {
  const { t } = useTranslation('callbacks');
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useOnce(() => {
    const token = params.get('token');
    const next = params.get('next');
    const fail = (message: string) => {
      snackbarStore.show(message, 'error');
      navigate(PATHS.callbackError, { replace: true, state: { message } });
    };
    if (!token) {
      fail(t('verifyToken.missing'));
      return;
    }
    authApi
      .verifyToken(token)
      .then((answer) => {
        authStore.signIn({ access: token, user: answer.user });
        navigate(next?.startsWith('/') && !next.startsWith('//') ? next : PATHS.home, { replace: true });
      })
      .catch((error: unknown) => fail(errorText(error, lang)));
  });

  return <CallbackProgress message={t('verifyToken.working')} />;
}
