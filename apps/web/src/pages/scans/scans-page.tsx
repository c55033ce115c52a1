import { LIMITS, type Scan } from '@didban/core';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScanFilterBar } from '../../components/scans/filters/scan-filter-bar';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pagination } from '../../components/ui/pagination';
import { LoadFailed } from '../../components/ui/query-state';
import { StaleFrame } from '../../components/ui/stale-frame';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { scanProgressPath } from '../../routes/paths';
import { ScanFormModal } from './form/scan-form-modal';
import { hasFilters, initialScanListState, scanListQuery, scanListReducer } from './scan-list-state';
import type { ScanAction } from './scan-row-actions';
import { ScansTable } from './scans-table';
import { StatisticsCards } from './statistics-cards';
import { useCancelScan, useDeleteScan, useRunScan, useScanList } from './use-scans';

/** /scans (spec §2): statistics, the searchable and filterable list, new scan, edit, run, cancel, delete. */
export function ScansPage() {
  const { t } = useTranslation('scans');
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(scanListReducer, undefined, initialScanListState);
  const [typed, setTyped] = useState('');
  // Spec §9: the scan search waits 500 ms after the last key; a new search goes back to page 1.
  const search = useDebouncedValue(typed, LIMITS.scanSearchDebounceMs);
  useEffect(() => dispatch({ type: 'search', search }), [search]);
  const list = useScanList(scanListQuery(state));
  // After deleting the last scan of the last page, show the page before it.
  const lastPage = list.data?.total_pages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && state.page > lastPage) dispatch({ type: 'page', page: lastPage });
  }, [lastPage, state.page]);

  const [form, setForm] = useState<{ open: boolean; scan: Scan | null }>({ open: false, scan: null });
  const [deleting, setDeleting] = useState<Scan | null>(null);
  const remove = useDeleteScan(() => setDeleting(null));
  const cancel = useCancelScan();
  const follow = (scanId: string, historyId: string) => navigate(scanProgressPath(scanId, historyId));
  const run = useRunScan(follow);

  const onAction = (scan: Scan, action: ScanAction) => {
    if (action === 'edit') setForm({ open: true, scan });
    else if (action === 'delete') setDeleting(scan);
    else if (action === 'run') run.mutate(scan.id);
    else if (action === 'cancel' && scan.latest_history)
      cancel.mutate({ scanId: scan.id, historyId: scan.latest_history.id });
  };

  const scans = list.data?.results ?? [];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-sm text-zinc-400">{t('list.intro')}</p>
        </div>
        <Button onClick={() => setForm({ open: true, scan: null })} data-testid="new-scan">
          {t('list.newScan')}
        </Button>
      </header>
      <StatisticsCards />
      <div className="flex flex-wrap items-start gap-3">
        <input
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          className="block w-full max-w-md min-w-60 flex-1 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500"
          data-testid="scan-search"
        />
        <ScanFilterBar state={state} dispatch={dispatch} />
      </div>
      {list.isLoading ? (
        <ListState kind="loading">{t('list.loading')}</ListState>
      ) : list.isError ? (
        <LoadFailed
          error={list.error}
          retry={list.refetch}
          retrying={list.isFetching}
          failed={t('list.loadFailed')}
        />
      ) : scans.length === 0 ? (
        <ListState kind="empty">
          {state.search || hasFilters(state) ? t('list.emptyFiltered') : t('list.empty')}
        </ListState>
      ) : (
        <>
          <StaleFrame stale={list.isPlaceholderData}>
            <ScansTable scans={scans} onAction={onAction} />
          </StaleFrame>
          <Pagination
            page={list.data?.current_page ?? state.page}
            totalPages={list.data?.total_pages ?? 1}
            onChange={(page) => dispatch({ type: 'page', page })}
          />
        </>
      )}
      <ScanFormModal
        open={form.open}
        scan={form.scan}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(outcome) => {
          setForm((f) => ({ ...f, open: false }));
          if (outcome.historyId) follow(outcome.scanId, outcome.historyId);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('list.deleteTitle')}
        body={t('list.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('list.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
