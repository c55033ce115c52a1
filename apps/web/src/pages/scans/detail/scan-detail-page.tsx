import type { ScanHistory } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ReportButton } from '../../../components/reports/report-button';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadFailed } from '../../../components/ui/query-state';
import { PATHS, scanProgressPath } from '../../../routes/paths';
import { ScanFormModal } from '../form/scan-form-modal';
import { canCancel } from '../scan-row-actions';
import { useCancelScan, useDeleteScan, useRunScan, useScan } from '../use-scans';
import { HistoryList } from './history-list';
import { RunProblems } from './run-problems';
import { ScanFacts } from './scan-facts';
import { VulnerabilityDrawer } from './vulnerability-drawer';
import { VulnerabilityList } from './vulnerability-list';

/**
 * /scans/{scanId} (spec §2): the scan's settings, its runs, and the vulnerabilities of the chosen
 * run (the latest by default) with a detail drawer. The chosen run and finding live in the
 * address (`?history=…&vuln=…`), so a link or a reload opens the same place.
 */
export function ScanDetailPage() {
  const { scanId = '' } = useParams();
  const { t } = useTranslation('scans');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const scan = useScan(scanId);
  const [historyPage, setHistoryPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteScan(() => navigate(PATHS.scans));
  const cancel = useCancelScan();
  const run = useRunScan((id, historyId) => navigate(scanProgressPath(id, historyId)));

  const historyId = params.get('history') ?? scan.data?.latest_history?.id ?? null;
  const vulnId = params.get('vuln');
  const setParam = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) v === null ? next.delete(k) : next.set(k, v);
        return next;
      },
      { replace: true },
    );

  if (scan.isLoading) return <ListState kind="loading">{t('detail.loading')}</ListState>;
  if (!scan.data)
    return (
      <LoadFailed
        error={scan.error}
        retry={scan.refetch}
        retrying={scan.isFetching}
        failed={t('detail.loadFailed')}
      />
    );
  const data = scan.data;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <Link
          to={PATHS.scans}
          className="inline-flex items-center gap-1 text-sm text-zinc-400 hover:text-zinc-200"
        >
          <svg viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" aria-hidden="true">
            <path d="M12 5l-5 5 5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t('detail.back')}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold" dir="auto">
            {data.name}
          </h1>
          <div className="flex flex-wrap gap-2">
            {canCancel(data) ? (
              <Button
                variant="secondary"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ scanId: data.id, historyId: data.latest_history!.id })}
              >
                {t('list.actions.cancel')}
              </Button>
            ) : (
              <Button disabled={run.isPending} onClick={() => run.mutate(data.id)} data-testid="scan-run">
                {t('list.actions.run')}
              </Button>
            )}
            <ReportButton scope={historyId ? { kind: 'scan_run', historyId, label: data.name } : null} />
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="scan-edit">
              {t('list.actions.edit')}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)} data-testid="scan-delete">
              {t('list.actions.delete')}
            </Button>
          </div>
        </div>
      </header>
      <ScanFacts scan={data} />
      <HistoryList
        scanId={data.id}
        page={historyPage}
        onPage={setHistoryPage}
        selected={historyId}
        onSelect={(h: ScanHistory) => setParam({ history: h.id, vuln: null })}
      />
      {historyId ? (
        <VulnerabilityList
          key={historyId}
          source={{
            kind: 'run',
            scanId: data.id,
            historyId,
            live: canCancel(data) && data.latest_history?.id === historyId,
          }}
          onOpen={(id) => setParam({ vuln: id })}
        />
      ) : null}
      {historyId ? (
        <RunProblems
          key={`problems-${historyId}`}
          scanId={data.id}
          historyId={historyId}
          live={canCancel(data) && data.latest_history?.id === historyId}
        />
      ) : null}
      <VulnerabilityDrawer
        scanId={data.id}
        historyId={historyId}
        vulnId={vulnId}
        onClose={() => setParam({ vuln: null })}
      />
      <ScanFormModal
        open={editing}
        scan={data}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
      <ConfirmDialog
        open={deleting}
        title={t('list.deleteTitle')}
        body={t('list.deleteBody', { name: data.name })}
        confirmLabel={t('list.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(data.id)}
        onClose={() => setDeleting(false)}
      />
    </div>
  );
}
