import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useLang } from '../../hooks/use-lang';
import { useForgetSession, useSignOut } from '../../hooks/use-sign-out';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';

/**
 * Sign out (this token stops working on the server) and sign out everywhere (every token of the
 * account, this one too), in the profile settings (issue 35).
 */
export function SessionsCard() {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const signOut = useSignOut();
  const forget = useForgetSession();
  const [confirming, setConfirming] = useState(false);
  const everywhere = useMutation({ mutationFn: api.auth.logoutAll });
  return (
    <section
      className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
      aria-labelledby="sessions-title"
    >
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t('sessions.title')}
      </h2>
      <p className="mt-1 max-w-xl text-sm text-zinc-400">{t('sessions.intro')}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={signOut} data-testid="sign-out">
          {t('sessions.signOut')}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="sign-out-everywhere">
          {t('sessions.signOutAll')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('sessions.confirmTitle')}
        body={t('sessions.confirmBody')}
        confirmLabel={t('sessions.signOutAll')}
        danger
        pending={everywhere.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          everywhere.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              snackbarStore.show(t('sessions.done'), 'success');
              // The token is already dead on the server: only the browser's copy is left to clear.
              forget();
            },
            onError: (error) => snackbarStore.show(errorText(error, lang, t('sessions.failed')), 'error'),
          })
        }
      />
    </section>
  );
}
