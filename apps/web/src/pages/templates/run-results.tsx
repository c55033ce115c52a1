import { formatNumber, runMessageText, type TemplateRun, type TemplateRunFinding } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/status-badge';
import { useLang } from '../../hooks/use-lang';
import type { Tone } from '../../lib/status-tone';
import { SeverityBadge } from './severity-badge';

const STATUS_TONE: Record<TemplateRun['status'], Tone> = {
  queued: 'neutral',
  running: 'info',
  finished: 'success',
  failed: 'error',
  cancelled: 'warning',
};

function Evidence({ title, text, truncated }: { title: string; text: string | null; truncated: boolean }) {
  const { t } = useTranslation('templates');
  if (!text) return null;
  return (
    <details className="rounded-md border border-zinc-800">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-zinc-300">{title}</summary>
      {/* Raw HTTP reads left to right whatever the page's language. */}
      <pre
        dir="ltr"
        className="max-h-80 overflow-auto whitespace-pre-wrap break-all px-3 py-2 text-start text-xs text-zinc-200"
      >
        {text}
      </pre>
      {truncated ? <p className="px-3 pb-2 text-xs text-zinc-500">{t('run.truncated')}</p> : null}
    </details>
  );
}

function FindingCard({ finding }: { finding: TemplateRunFinding }) {
  const { t } = useTranslation('templates');
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3"
      data-testid="run-finding"
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <span className="text-sm font-medium text-zinc-100" dir="auto">
          {finding.template_name}
        </span>
        {finding.matcher_name ? (
          <span className="text-xs text-zinc-500">({finding.matcher_name})</span>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-zinc-500">{t('run.matchedAt')}</dt>
        <dd dir="ltr" className="break-all text-start text-zinc-200">
          {finding.matched_at}
        </dd>
        {finding.extracted_results.length ? (
          <>
            <dt className="text-zinc-500">{t('run.extracted')}</dt>
            <dd dir="ltr" className="break-all text-start text-zinc-200">
              {finding.extracted_results.join(', ')}
            </dd>
          </>
        ) : null}
      </dl>
      <Evidence title={t('run.request')} text={finding.request} truncated={finding.evidence_truncated} />
      <Evidence title={t('run.response')} text={finding.response} truncated={finding.evidence_truncated} />
    </li>
  );
}

/** A run as it goes: status, counts, findings with evidence, and why templates did not run. */
export function RunResults({ run }: { run: TemplateRun }) {
  const { t } = useTranslation('templates');
  const lang = useLang();
  return (
    <section aria-label={t('run.title')} className="flex flex-col gap-3" data-testid="run-results">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium text-zinc-200">{t('run.title')}</span>
        <span data-testid="run-status">
          <Badge tone={STATUS_TONE[run.status]}>{t(`run.status.${run.status}`)}</Badge>
        </span>
        <span className="text-zinc-400">
          {t('run.counts', {
            findings: formatNumber(run.counts.findings, lang),
            targets: formatNumber(run.counts.targets, lang),
            templates: formatNumber(run.counts.templates, lang),
          })}
        </span>
      </div>
      {run.error ? <p className="text-sm text-red-400">{runMessageText(run.error, lang)}</p> : null}
      {run.findings.length ? (
        <ul className="flex flex-col gap-2">
          {run.findings.map((f) => (
            <FindingCard key={f.id} finding={f} />
          ))}
        </ul>
      ) : run.status === 'finished' ? (
        <p className="text-sm text-zinc-400">{t('run.noFindings')}</p>
      ) : null}
      {run.problems.length ? (
        <details className="text-xs text-zinc-400">
          <summary className="cursor-pointer">
            {t('run.problems', { count: run.problems.length, n: formatNumber(run.problems.length, lang) })}
          </summary>
          <ul className="mt-1 flex flex-col gap-1">
            {run.problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and never reorder.
              <li key={i} className="text-start">
                <bdi>{[p.template_id, p.target].filter(Boolean).join(' @ ')}</bdi>:{' '}
                {runMessageText(p.message, lang)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
