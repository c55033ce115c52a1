import { ASSET_PAGE_SIZES, type Asset, assetListReducer, initialAssetListState } from '@didban/core';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetDetailPanel } from '../../../components/assets/asset-detail/asset-detail-panel';
import { hostPort } from '../../../components/assets/asset-parts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { LoadFailed } from '../../../components/ui/query-state';
import { StaleFrame } from '../../../components/ui/stale-frame';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { snackbarStore } from '../../../lib/snackbar-store';
import { AssetCard } from './asset-card';
import { AssetTable, InventorySkeleton } from './asset-table';
import { BulkBar } from './bulk-bar';
import { BulkScan } from './bulk-scan';
import { CompareView } from './compare-view';
import { type ExportFormat, exportAssets } from './export-assets';
import { FilterBar } from './filter-bar';
import { finishedHistories } from './history-format';
import { HistoryMenu } from './history-menu';
import { InventoryToolbar } from './inventory-toolbar';
import { optionScope, useDeleteAsset, useGroupHistory, useInventoryPage } from './use-inventory';

/**
 * The inventory (spec §2 Assets): every asset of the workspace, or of one group when `groupId` is
 * given (then with the history dropdown and compare mode). Each entry starts from a fresh context
 * (spec §2: "the page resets its context and refetches on entry"): a new group is a new instance.
 */
export function InventoryView({ groupId }: { groupId?: string }) {
  return <Inventory key={groupId ?? 'all'} {...(groupId ? { groupId } : {})} />;
}

function Inventory({ groupId }: { groupId?: string }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const [state, dispatch] = useReducer(assetListReducer, groupId, (id) =>
    initialAssetListState({ groupIds: id ? [id] : [] }),
  );
  const page = useInventoryPage(state, state.historyId);
  const { history } = useGroupHistory(groupId);
  const histories = useMemo(() => finishedHistories(history), [history]);
  const scope = useMemo(
    () => optionScope(state.groupIds, state.historyId),
    [state.groupIds, state.historyId],
  );

  // Assets seen while selecting, so an export of a selection spread over pages has every row.
  const [known, setKnown] = useState(() => new Map<string, Asset>());
  const remember = (assets: Asset[]) =>
    setKnown((map) => {
      const next = new Map(map);
      for (const asset of assets) next.set(asset.id, asset);
      return next;
    });
  const selected = state.selectedIds.map((id) => known.get(id)).filter((a): a is Asset => !!a);

  const [opened, setOpened] = useState<Asset | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const [scanning, setScanning] = useState(false);
  const remove = useDeleteAsset((id) => {
    setDeleting(null);
    if (state.selectedIds.includes(id)) dispatch({ type: 'toggle_select', id });
    if (opened?.id === id) setOpened(null);
  });

  // Compare mode starts on the two newest finished histories.
  const [from, to] = state.compareIds;
  useEffect(() => {
    if (state.compareMode && !from && !to && histories.length >= 2) {
      dispatch({ type: 'compare_ids', ids: [histories[1]!.id, histories[0]!.id] });
    }
  }, [state.compareMode, from, to, histories]);

  const toggle = (asset: Asset) => {
    remember([asset]);
    dispatch({ type: 'toggle_select', id: asset.id });
  };
  const results = page.data?.results ?? [];
  const togglePage = () => {
    const all = results.every((a) => state.selectedIds.includes(a.id));
    remember(results);
    const ids = results.map((a) => a.id);
    dispatch({
      type: 'select',
      ids: all ? state.selectedIds.filter((id) => !ids.includes(id)) : [...state.selectedIds, ...ids],
    });
  };

  const runExport = (format: ExportFormat) => {
    const label = format.toUpperCase();
    if (!selected.length) {
      snackbarStore.show(t('inventory.bulk.noSelection'), 'warning');
      return;
    }
    const n = formatNumber(selected.length, lang);
    snackbarStore.show(t('inventory.bulk.exportStarting', { n, format: label }), 'info');
    try {
      exportAssets(selected, format);
      snackbarStore.show(t('inventory.bulk.exportDone', { n, format: label }), 'success');
    } catch {
      snackbarStore.show(t('inventory.bulk.exportFailed'), 'error');
    }
  };

  const viewing = histories.find((h) => h.id === state.historyId);
  return (
    <section className="flex flex-col gap-4" data-testid="inventory">
      <InventoryToolbar state={state} dispatch={dispatch} />
      {groupId ? (
        <div className="flex flex-wrap items-center gap-3">
          {!state.compareMode ? (
            <HistoryMenu
              histories={histories}
              historyId={state.historyId}
              onChange={(id) => dispatch({ type: 'history', historyId: id })}
            />
          ) : null}
          {state.historyId && !state.compareMode ? (
            <button
              type="button"
              onClick={() => dispatch({ type: 'history', historyId: null })}
              className="rounded-lg bg-emerald-600/20 px-3 py-2 text-sm text-emerald-200 ring-1 ring-emerald-500/40 hover:bg-emerald-600/30"
            >
              {t('inventory.history.switchToLive')}
            </button>
          ) : null}
          <label className="ms-auto inline-flex cursor-pointer items-center gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              role="switch"
              aria-checked={state.compareMode}
              checked={state.compareMode}
              onChange={(event) => dispatch({ type: 'compare_mode', on: event.target.checked })}
              className="size-4 accent-brand-500"
              data-testid="compare-toggle"
            />
            {t('inventory.compare.toggle')}
          </label>
        </div>
      ) : null}
      {viewing?.completed_at && !state.compareMode ? (
        <p className="text-sm text-amber-200" data-testid="history-viewing">
          {t('inventory.history.viewing', { date: formatDateTime(viewing.completed_at, lang) })}
        </p>
      ) : null}

      {state.compareMode ? (
        <CompareView
          histories={histories}
          ids={state.compareIds}
          onChange={(ids) => dispatch({ type: 'compare_ids', ids })}
        />
      ) : (
        <>
          <FilterBar state={state} scope={scope} dispatch={dispatch} />
          {state.selectedIds.length ? (
            <BulkBar
              count={state.selectedIds.length}
              onExport={runExport}
              onScan={() => setScanning(true)}
              onClear={() => dispatch({ type: 'select', ids: [] })}
            />
          ) : null}
          {page.isLoading ? (
            <InventorySkeleton view={state.viewType} />
          ) : page.isError && !page.data ? (
            <LoadFailed
              error={page.error}
              retry={page.refetch}
              retrying={page.isFetching}
              failed={t('inventory.loadFailed')}
            />
          ) : results.length === 0 ? (
            <div
              className="flex flex-col items-center gap-1 rounded-2xl border border-dashed border-zinc-800 px-6 py-12 text-center"
              data-testid="inventory-empty"
            >
              <p className="font-medium text-zinc-200">{t('inventory.emptyTitle')}</p>
              <p className="text-sm text-zinc-500">{t('inventory.emptyBody')}</p>
            </div>
          ) : (
            <StaleFrame stale={page.isPlaceholderData}>
              {state.viewType === 'table' ? (
                <AssetTable
                  assets={results}
                  selectedIds={state.selectedIds}
                  onToggle={toggle}
                  onTogglePage={togglePage}
                  onOpen={setOpened}
                  onDelete={setDeleting}
                />
              ) : (
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {results.map((asset) => (
                    <AssetCard
                      key={asset.id}
                      asset={asset}
                      selected={state.selectedIds.includes(asset.id)}
                      onToggle={() => toggle(asset)}
                      onOpen={() => setOpened(asset)}
                      onDelete={setDeleting}
                    />
                  ))}
                </div>
              )}
            </StaleFrame>
          )}
          {page.data && page.data.result_count > 0 ? (
            <footer className="flex flex-wrap items-center justify-between gap-3">
              <span className="text-sm text-zinc-400" data-testid="inventory-total">
                {t('inventory.total', { n: formatNumber(page.data.result_count, lang) })}
              </span>
              <Pagination
                page={state.page}
                totalPages={page.data.total_pages}
                onChange={(p) => dispatch({ type: 'page', page: p })}
              />
              <label className="flex items-center gap-2 text-sm text-zinc-400">
                {t('inventory.pageSize')}
                <select
                  value={state.pageSize}
                  onChange={(event) => dispatch({ type: 'page_size', pageSize: Number(event.target.value) })}
                  className="rounded-lg border border-zinc-700 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-100"
                  data-testid="page-size"
                >
                  {ASSET_PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {formatNumber(size, lang)}
                    </option>
                  ))}
                </select>
              </label>
            </footer>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('inventory.deleteTitle')}
        body={t('inventory.deleteBody', { host: deleting ? hostPort(deleting) : '' })}
        confirmLabel={t('inventory.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      <AssetDetailPanel asset={opened} onClose={() => setOpened(null)} />
      <BulkScan
        open={scanning}
        assets={selected}
        onClose={() => setScanning(false)}
        onStarted={() => dispatch({ type: 'select', ids: [] })}
      />
    </section>
  );
}
