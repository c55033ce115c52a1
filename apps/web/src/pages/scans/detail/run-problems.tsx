import { formatNumber, LIMITS, runMessageText, type ScanHistoryProblem } from '@didban/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/status-badge';
import { useLang } from '../../../hooks/use-lang';
import { api } from '../../../lib/api';

/** Shown before "Show all": a long list (up to 200) stays folded. */
export const PROBLEMS_SHOWN = 5;

/** Under 'scans', so whatever refreshes a scan view refreshes this too. */
export const runProblemsKey = (scanId: string, historyId: string) =>
  ['scans', 'problems', scanId, historyId] as const;

export function useRunProblems(scanId: string, historyId: string, live: boolean) {
  return useQuery({
    queryKey: runProblemsKey(scanId, historyId),
    queryFn: () => api.scans.historyProblems(scanId, historyId),
    refetchInterval: live ? LIMITS.pollIntervalMs : false,
  });
}

function ProblemItem({ problem }: { problem: ScanHistoryProblem }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  return (
    <li className="flex min-w-0 flex-col gap-1 px-3 py-2" data-testid="run-problem">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Badge tone={problem.kind === 'failure' ? 'error' : 'warning'}>
          {t(`detail.problems.kind.${problem.kind}`)}
        </Badge>
        {/* Template ids and targets read left to right in either language. */}
        <bdi dir="ltr" className="min-w-0 break-all font-mono text-xs text-zinc-200">
          {problem.template_id}
        </bdi>
      </div>
      <p className="min-w-0 text-xs text-zinc-400">
        {t('detail.problems.target')}:{' '}
        {problem.target ? (
          <bdi dir="ltr" className="break-all font-mono">
            {problem.target}
          </bdi>
        ) : (
          t('detail.problems.everyTarget')
        )}
      </p>
      <p className="min-w-0 break-words text-sm text-zinc-300" data-testid="run-problem-reason">
        {runMessageText(problem.message, lang)}
      </p>
    </li>
  );
}

/**
 * The chosen run's templates that were skipped (a closed capability gate, an unsupported
 * protocol…) and its failures, each with its template, target and the engine's reason (in Persian
 * when the panel knows the message). Nothing is shown for a run without any.
 */
export function RunProblems({
  scanId,
  historyId,
  live,
}: {
  scanId: string;
  historyId: string;
  live: boolean;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const [all, setAll] = useState(false);
  const query = useRunProblems(scanId, historyId, live);
  const data = query.data;
  if (!data || data.problems.length === 0) return null;
  const total = data.skipped + data.failures;
  const shown = all ? data.problems : data.problems.slice(0, PROBLEMS_SHOWN);
  const n = (value: number) => formatNumber(value, lang);

  return (
    <section aria-labelledby="run-problems" className="flex flex-col gap-3" data-testid="run-problems">
      <div className="flex flex-col gap-1">
        <h2 id="run-problems" className="text-lg font-semibold">
          {t('detail.problems.title')}
        </h2>
        <p className="text-sm text-zinc-400" data-testid="run-problems-counts">
          {t('detail.problems.skipped', { count: data.skipped, n: n(data.skipped) })}
          {' · '}
          {t('detail.problems.failures', { count: data.failures, n: n(data.failures) })}
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-zinc-800 rounded-2xl border border-zinc-800">
        {shown.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and never reorder.
          <ProblemItem key={i} problem={p} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3 text-xs text-zinc-500">
        {data.problems.length > PROBLEMS_SHOWN ? (
          <button
            type="button"
            className="rounded-md px-2 py-1 text-sky-300 hover:bg-zinc-800"
            aria-expanded={all}
            onClick={() => setAll(!all)}
            data-testid="run-problems-toggle"
          >
            {all
              ? t('detail.problems.showFewer')
              : t('detail.problems.showAll', { n: n(data.problems.length) })}
          </button>
        ) : null}
        {total > data.problems.length ? (
          <span>{t('detail.problems.firstOnly', { shown: n(data.problems.length), total: n(total) })}</span>
        ) : null}
      </div>
    </section>
  );
}
