import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isMissingChunk, reloadOnceForNewRelease, serverAnswers } from '../../lib/chunk-reload';
import { Button } from '../ui/button';
import { LogoMark } from './logo-mark';

/**
 * The router's error element: the panel's own page in the reader's language, never React Router's
 * developer screen. A missing code chunk reloads the page once when the server answers (an upgrade
 * replaced the build); when it does not (an outage), the page stays, says so and offers Retry.
 * Plain anchors, not <Link>: after an error the router's state is not to be trusted.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('layout');
  const missing = isMissingChunk(error);
  const [reloading, setReloading] = useState(missing);
  const [offline, setOffline] = useState(false);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!missing) return;
    void serverAnswers().then((up) => {
      if (!up) {
        setOffline(true);
        setReloading(false);
      } else if (!reloadOnceForNewRelease()) setReloading(false);
    });
  }, [missing]);
  // Retry reloads only once the server answers again, so the tab is never lost to the browser.
  const retry = async () => {
    setRetrying(true);
    if (await serverAnswers()) window.location.reload();
    else setRetrying(false);
  };
  useEffect(() => {
    if (!missing) console.error(error);
  }, [error, missing]);
  if (reloading) return null;
  if (offline)
    return (
      <section
        data-testid="route-offline"
        role="alert"
        className="mx-auto mt-16 flex max-w-lg flex-col items-center gap-4 px-4 text-center"
      >
        <LogoMark className="size-12 text-brand-500" />
        <h1 className="text-2xl font-semibold">{t('errorPage.offlineTitle')}</h1>
        <p className="text-zinc-400">{t('errorPage.offline')}</p>
        <Button onClick={() => void retry()} disabled={retrying}>
          {t('errorPage.retry')}
        </Button>
      </section>
    );
  return (
    <section
      data-testid="route-error"
      className="mx-auto mt-16 flex max-w-lg flex-col items-center gap-4 px-4 text-center"
    >
      <LogoMark className="size-12 text-brand-500" />
      <h1 className="text-2xl font-semibold">{t('errorPage.title')}</h1>
      <p className="text-zinc-400">{t(missing ? 'errorPage.updated' : 'errorPage.body')}</p>
      <nav className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
        <a href="/" className="inline-flex items-center rounded-lg border border-zinc-700 px-4 py-2 text-sm">
          {t('errorPage.home')}
        </a>
      </nav>
    </section>
  );
}
