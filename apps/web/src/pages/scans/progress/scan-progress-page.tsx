import {
  canCancelScan,
  isScanPreparing,
  progressFraction,
  SCAN_CANCEL_BUTTON_DELAY_MS,
  type ScanStatus,
  scanOutcome,
  scanRedirect,
} from '@didban/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RunCount } from '../../../components/scans/run-count';
import { useScanRunStrings } from '../../../components/scans/run-strings';
import { Card } from '../../../components/ui/card';
import { useLang } from '../../../hooks/use-lang';
import { errorText } from '../../../lib/error-text';
import { PATHS, scanPath } from '../../../routes/paths';
import { CancelScanButton } from './cancel-scan-button';
import { ProgressBar } from './progress-bar';
import { TypingText } from './typing-text';
import { useScanName, useScanProgress } from './use-scan-progress';

const OUTCOME_TONE = {
  complete: 'text-emerald-300',
  failed: 'text-red-300',
  cancelled: 'text-amber-300',
} as const;

/**
 * /scans/{scanId}/loading?historyID (spec §2, §4): a typing animation while the run goes on, its
 * status and [done/total]; a finished run opens the scan after 2 s, a failed one the scan list.
 */
export function ScanProgressPage() {
  useScanRunStrings();
  const { scanId = '' } = useParams();
  const [params] = useSearchParams();
  const historyId = params.get('historyID');
  const { t } = useTranslation('scans');
  const lang = useLang();
  const navigate = useNavigate();
  const snapshot = useScanProgress(scanId, historyId);
  const name = useScanName(scanId);
  const data = snapshot?.data;
  const status = data?.status;
  const outcome = status ? scanOutcome(status) : null;
  const cancellable = useDelayedFlag(!!status && canCancelScan(status), SCAN_CANCEL_BUTTON_DELAY_MS);

  useEffect(() => {
    if (!status) return;
    const redirect = scanRedirect(status, scanId);
    if (!redirect) return;
    const timer = setTimeout(() => navigate(redirect.to, { replace: true }), redirect.afterMs);
    return () => clearTimeout(timer);
  }, [status, scanId, navigate]);

  if (!scanId || !historyId || (!data && snapshot?.error?.status === 404)) {
    return (
      <Card className="mx-auto max-w-xl">
        <p role="alert" className="text-sm text-red-300">
          {!historyId ? t('progress.missing') : errorText(snapshot?.error, lang)}
        </p>
        <Link to={PATHS.scans} className="mt-4 inline-block text-sm text-brand-300 hover:underline">
          {t('progress.backToScans')}
        </Link>
      </Card>
    );
  }

  // Preparing: the bar pulses rather than sitting empty at 0.
  const fraction = data && !isScanPreparing(data) ? progressFraction(data) : null;
  return (
    <section data-testid="scan-progress" data-status={status ?? ''}>
      <Card className="mx-auto flex max-w-xl flex-col gap-5">
        <header>
          <p className="text-sm font-medium uppercase tracking-wide text-zinc-400">{t('progress.title')}</p>
          {name ? (
            <h1 className="mt-1 truncate text-base font-semibold text-zinc-200">
              {/* Isolated, so a Latin name in fa keeps the page's start alignment. */}
              <bdi>{name}</bdi>
            </h1>
          ) : null}
        </header>
        {outcome ? (
          <p
            role="status"
            className={`text-lg font-medium ${OUTCOME_TONE[outcome]}`}
            data-testid="scan-progress-outcome"
          >
            {t(`progress.${outcome}`)}
          </p>
        ) : (
          <div className="flex flex-col gap-1">
            <TypingText
              messages={[
                t('progress.typing.executing'),
                t('progress.typing.analysing'),
                t('progress.typing.compiling'),
              ]}
            />
            <p className="text-sm text-zinc-400">{t('progress.wait')}</p>
          </div>
        )}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-zinc-400">{t('progress.status')}</dt>
            <dd className="font-semibold" data-testid="scan-progress-status">
              {status ? t(`progress.statuses.${status}` satisfies `progress.statuses.${ScanStatus}`) : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t('progress.tasks')}</dt>
            <dd className="font-semibold tabular-nums">
              {data ? <RunCount run={data} testId="scan-progress-count" /> : '…'}
            </dd>
          </div>
        </dl>
        <ProgressBar fraction={fraction} status={status} label={t('progress.title')} />
        {snapshot?.error && data ? (
          <p className="text-xs text-amber-300">{errorText(snapshot.error, lang)}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {cancellable && historyId ? <CancelScanButton scanId={scanId} historyId={historyId} /> : null}
          {status === 'finished' || status === 'cancelled' ? (
            <Link to={scanPath(scanId)} className="ms-auto text-sm text-brand-300 hover:underline">
              {t('progress.viewResults')}
            </Link>
          ) : null}
        </div>
      </Card>
    </section>
  );
}

/** True once `on` has stayed true for `delayMs` (spec §2: the Cancel button appears after 1 s). */
function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    if (!on) {
      setFlag(false);
      return;
    }
    const timer = setTimeout(() => setFlag(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return flag;
}
