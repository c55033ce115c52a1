import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { workerPath } from '../../routes/paths';
import { Button } from '../ui/button';
import { CopyButton } from '../ui/copy-button';

/**
 * The new worker's API key, shown this once: the server keeps only its hash, so the panel cannot
 * show it again. The key lives in the dialog's state and is dropped when the dialog closes.
 */
export function ApiKeyPanel({
  apiKey,
  workerId,
  onDone,
}: {
  apiKey: string;
  workerId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('workers');
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p
        role="alert"
        className="rounded-lg border border-amber-500/40 bg-amber-950/60 p-3 text-sm text-amber-100"
      >
        {t('key.warning')}
      </p>
      <div>
        <p className="mb-1.5 text-sm font-medium text-zinc-300">{t('key.label')}</p>
        <div className="flex items-center gap-2 rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2">
          <code dir="ltr" data-testid="worker-api-key" className="min-w-0 flex-1 break-all font-mono text-sm">
            {apiKey}
          </code>
          <CopyButton value={apiKey} label={t('key.copy')} />
        </div>
      </div>
      <p className="text-sm text-zinc-400">
        {t('key.next')}{' '}
        <Link to={workerPath(workerId)} onClick={onDone} className="text-brand-300 underline">
          {t('key.guide')}
        </Link>
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('key.done')}</Button>
      </div>
    </div>
  );
}
