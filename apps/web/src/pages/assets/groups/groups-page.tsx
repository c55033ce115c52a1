import type { AssetGroup } from '@didban/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { StaleFrame } from '../../../components/ui/stale-frame';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { assetLoadingPath } from '../../../routes/paths';
import type { GroupAction } from './group-actions';
import { GroupRow } from './group-row';
import { GroupWizard } from './group-wizard';
import { ScanLauncher, type ScanTarget } from './scan-launcher';
import { useAssetGroups, useCancelDiscovery, useDeleteAssetGroups, useRediscover } from './use-asset-groups';
import { useExportGroups } from './use-export-groups';

type Editing = { group: AssetGroup | null } | null;

/** /assets/groups: search, the groups table, the create wizard and the group actions (spec §2). */
export function GroupsPage() {
  const { t } = useTranslation(['assets', 'shared']);
  const lang = useLang();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  // Selected groups are kept whole, so a selection survives paging and feeds export and scan.
  const [selected, setSelected] = useState<Map<string, AssetGroup>>(new Map());
  // `?new=1` (home's first step) opens the create wizard at once; the flag is dropped so a
  // reload or Back does not open it again.
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(() => (params.get('new') === '1' ? { group: null } : null));
  useEffect(() => {
    if (params.has('new')) setParams({}, { replace: true });
  }, [params, setParams]);
  const [deleting, setDeleting] = useState<AssetGroup[] | null>(null);
  const [scanTarget, setScanTarget] = useState<ScanTarget | null>(null);
  const groups = useAssetGroups(settled, page);
  const follow = (groupId: string) => navigate(assetLoadingPath(groupId));
  const rediscover = useRediscover(follow);
  const cancel = useCancelDiscovery();
  const exporter = useExportGroups();
  const remove = useDeleteAssetGroups(() => {
    setSelected((s) => {
      const next = new Map(s);
      for (const g of deleting ?? []) next.delete(g.id);
      return next;
    });
    setDeleting(null);
  });

  const data = groups.data;
  const rows = data?.results ?? [];
  const chosen = [...selected.values()];
  const toggle = (group: AssetGroup) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(group.id)) next.delete(group.id);
      else next.set(group.id, group);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((g) => selected.has(g.id));
  const togglePage = () =>
    setSelected((s) => {
      const next = new Map(s);
      for (const g of rows) {
        if (allOnPage) next.delete(g.id);
        else next.set(g.id, g);
      }
      return next;
    });
  const scanGroups = (list: AssetGroup[]) =>
    setScanTarget({
      kind: 'groups',
      groups: list.map((g) => ({ id: g.id, name: g.name, workerGroup: g.worker_group })),
    });

  const act = (action: GroupAction, group: AssetGroup) => {
    if (action === 'scan') scanGroups([group]);
    else if (action === 'rediscover') rediscover.mutate(group.id);
    else if (action === 'cancel') cancel.mutate(group.id);
    else if (action === 'edit') setEditing({ group });
    else setDeleting([group]);
  };

  return (
    <section className="flex flex-col gap-4" aria-label={t('tabs.groups')}>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-60 flex-1 flex-col gap-1.5">
          <span className="sr-only">{t('groups.search')}</span>
          <input
            type="search"
            value={search}
            placeholder={t('groups.search')}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm placeholder:text-zinc-500"
          />
        </label>
        <Button
          variant="secondary"
          disabled={exporter.pending !== null}
          onClick={() => void exporter.run(chosen, 'csv')}
        >
          {exporter.pending === 'csv' ? t('export.working') : t('export.csv')}
        </Button>
        <Button
          variant="secondary"
          disabled={chosen.length === 0 || exporter.pending !== null}
          onClick={() => void exporter.run(chosen, 'json')}
        >
          {exporter.pending === 'json' ? t('export.working') : t('export.json')}
        </Button>
        <Button onClick={() => setEditing({ group: null })}>{t('groups.create')}</Button>
      </div>

      {chosen.length > 0 ? (
        <div
          data-testid="groups-bulk-bar"
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-zinc-800 bg-zinc-900/95 px-4 py-2 shadow-lg"
        >
          <span className="text-sm text-zinc-300">
            {t('groups.selected', { count: chosen.length, n: formatNumber(chosen.length, lang) })}
          </span>
          <Button className="ms-auto" onClick={() => scanGroups(chosen)}>
            {t('groups.bulkScan')}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(chosen)}>
            {t('groups.bulkDelete')}
          </Button>
          <Button variant="ghost" onClick={() => setSelected(new Map())}>
            {t('groups.clearSelection')}
          </Button>
        </div>
      ) : null}

      {!data ? (
        <QueryState query={groups} />
      ) : rows.length === 0 && settled.trim() ? (
        <ListState kind="empty">{t('groups.noMatch')}</ListState>
      ) : rows.length === 0 ? (
        // No group yet: the empty list itself offers the next step.
        <div data-testid="groups-empty" className="mt-6 flex flex-col items-start gap-3">
          <p className="text-sm text-zinc-400">{t('groups.empty')}</p>
          <Button onClick={() => setEditing({ group: null })}>{t('groups.emptyAction')}</Button>
        </div>
      ) : (
        <>
          <StaleFrame stale={groups.isPlaceholderData}>
            <div className="overflow-x-auto relative rounded-xl border border-zinc-800">
              <table className="w-full min-w-[44rem] text-start text-sm">
                <thead className="bg-zinc-900/80 text-xs text-zinc-400">
                  <tr>
                    <th className="w-10 px-3 py-2 text-start">
                      <input
                        type="checkbox"
                        checked={allOnPage}
                        onChange={togglePage}
                        aria-label={t('groups.selectPage')}
                      />
                    </th>
                    <th className="px-3 py-2 text-start font-medium">{t('groups.columns.name')}</th>
                    <th className="px-3 py-2 text-start font-medium">{t('groups.columns.assets')}</th>
                    <th className="px-3 py-2 text-start font-medium">{t('groups.columns.status')}</th>
                    <th className="px-3 py-2 text-start font-medium">{t('groups.columns.schedule')}</th>
                    <th className="px-3 py-2 text-start font-medium">{t('groups.columns.updated')}</th>
                    <th className="px-3 py-2">
                      <span className="sr-only">{t('groups.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((group) => (
                    <GroupRow
                      key={group.id}
                      group={group}
                      selected={selected.has(group.id)}
                      onToggle={() => toggle(group)}
                      onAction={act}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </StaleFrame>
          <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
        </>
      )}

      <GroupWizard
        open={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
        onSaved={(group, created) => {
          if (created) follow(group.id);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(deleting && deleting.length > 1 ? 'groups.bulkDeleteTitle' : 'groups.deleteTitle')}
        body={
          deleting && deleting.length > 1
            ? t('groups.bulkDeleteBody', { count: deleting.length, n: formatNumber(deleting.length, lang) })
            : t('groups.deleteBody', { name: deleting?.[0]?.name ?? '' })
        }
        confirmLabel={t('groups.action.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.map((g) => g.id))}
        onClose={() => setDeleting(null)}
      />
      <ScanLauncher
        target={scanTarget}
        onClose={() => setScanTarget(null)}
        onStarted={() => setSelected(new Map())}
      />
    </section>
  );
}
