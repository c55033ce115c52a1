import { formatNumber, type Report } from '@didban/core';
import { useState } from 'react';
import { ReportDialog, ReportStatusLine } from '../../components/reports/report-dialog';
import { reportName } from '../../components/reports/report-scope';
import { reportText } from '../../components/reports/reports-text';
import { useDeleteReport, useDownloadReport, useReports } from '../../components/reports/use-reports';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pagination } from '../../components/ui/pagination';
import { LoadFailed } from '../../components/ui/query-state';
import { useLang } from '../../hooks/use-lang';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { snackbarStore } from '../../lib/snackbar-store';
import { ReportSchedules } from './report-schedules';

const card = 'rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6';

/**
 * /reports (issue 33): the workspace's reports with their progress, download and delete; a new
 * workspace report; the weekly or monthly reports mailed through an email channel. The link of a
 * scheduled report too large to attach points here.
 */
export function ReportsPage() {
  const lang = useLang();
  const t = reportText(lang);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const list = useReports(page);
  const remove = useDeleteReport();
  const reports = list.data?.results ?? [];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl">
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-sm text-zinc-400">{t('intro')}</p>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="report-new">
          {t('newReport')}
        </Button>
      </header>

      <section className={card} aria-label={t('title')}>
        {list.data === undefined && list.isError ? (
          <LoadFailed error={list.error} retry={list.refetch} retrying={list.isFetching} />
        ) : list.data === undefined ? (
          <p className="text-sm text-zinc-500">{t('generating')}</p>
        ) : reports.length === 0 ? (
          <p className="text-sm text-zinc-400" data-testid="reports-empty">
            {t('empty')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-800" data-testid="reports-list">
            {reports.map((r) => (
              <ReportRow key={r.id} report={r} onDelete={() => setDeleting(r)} />
            ))}
          </ul>
        )}
        <div className="mt-4">
          <Pagination page={page} totalPages={list.data?.total_pages ?? 0} onChange={setPage} />
        </div>
      </section>

      <ReportSchedules />

      {creating ? (
        <ReportDialog open={creating} onClose={() => setCreating(false)} scope={{ kind: 'workspace' }} />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        title={t('deleteTitle')}
        body={deleting ? t('deleteBody', { name: reportName(deleting, lang) }) : ''}
        confirmLabel={t('delete')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              snackbarStore.show(t('deleted'), 'success');
            },
            onError: (error) => snackbarStore.show(errorText(error, lang), 'error'),
          })
        }
      />
    </div>
  );
}

function ReportRow({ report: r, onDelete }: { report: Report; onDelete: () => void }) {
  const lang = useLang();
  const t = reportText(lang);
  const download = useDownloadReport();
  const facts = [
    `${t(`preset.${r.preset}`)} · ${r.format.toUpperCase()} · ${t(`lang.${r.lang}`)}`,
    r.findings !== null ? t('findings', { n: formatNumber(r.findings, lang) }) : '',
    r.pages !== null ? t('pages', { n: formatNumber(r.pages, lang) }) : '',
  ].filter(Boolean);
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="report-row"
      data-report-id={r.id}
    >
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">
          <bdi>{reportName(r, lang)}</bdi>
          {r.scheduled ? (
            <span className="ms-2 rounded bg-violet-500/15 px-1.5 py-0.5 text-xs text-violet-300">
              {t('scheduledBadge')}
            </span>
          ) : null}
        </p>
        <p className="mt-1 text-xs text-zinc-400">{facts.join(' · ')}</p>
        <p className="mt-1 text-xs text-zinc-500">
          <time dateTime={r.created_at}>{formatDateTime(r.created_at, lang)}</time>
          {r.status === 'done' ? ` · ${t('expires', { date: formatDate(r.expires_at, lang) })}` : ''}
        </p>
      </div>
      <div className="sm:w-48">
        <ReportStatusLine report={r} />
      </div>
      <div className="flex shrink-0 gap-2">
        {r.status === 'done' ? (
          <Button
            variant="secondary"
            disabled={download.isPending}
            data-testid="report-row-download"
            onClick={() =>
              download.mutate(r, {
                onError: (error) => snackbarStore.show(errorText(error, lang, t('downloadFailed')), 'error'),
              })
            }
          >
            {t('downloadAs', { format: r.format.toUpperCase() })}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDelete} data-testid="report-row-delete">
          {t('delete')}
        </Button>
      </div>
    </li>
  );
}
