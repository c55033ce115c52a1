import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBuiltinWorker } from '../../hooks/use-workers';
import { PATHS } from '../../routes/paths';
import { CODE_SLOT, SentenceWithCode } from '../ui/sentence-with-code';

/**
 * Under a worker group field left empty (asset group wizard, scan form): where the built-in worker
 * may scan (public addresses and the ranges DIDBAN_BUILTIN_WORKER_ALLOW opened), and the way out for
 * a lab or internal network: the demo, or a worker of the user's own. Nothing while unknown.
 */
export function BuiltinWorkerHint() {
  const { t } = useTranslation('workers');
  const builtin = useBuiltinWorker().data;
  if (!builtin) return null;
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-500" data-testid="builtin-worker-hint">
      {!builtin.enabled ? (
        <p>{t('builtinHint.off')}</p>
      ) : builtin.allow.length ? (
        <p>
          {t('builtinHint.allowSome')}{' '}
          <span className="inline-flex flex-wrap gap-1" data-testid="builtin-worker-ranges">
            {builtin.allow.map((range) => (
              <code key={range} dir="ltr" className="rounded bg-zinc-800 px-1.5 font-mono text-zinc-300">
                {range}
              </code>
            ))}
          </span>
        </p>
      ) : (
        <p>{t('builtinHint.allowNone')}</p>
      )}
      <p>
        <SentenceWithCode sentence={t('builtinHint.wayOut', { cmd: CODE_SLOT })} code="pnpm demo" />{' '}
        <Link to={PATHS.workers} className="text-brand-300 hover:underline">
          {t('builtinHint.link')}
        </Link>
      </p>
    </div>
  );
}
