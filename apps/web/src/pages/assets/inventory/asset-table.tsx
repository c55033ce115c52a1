import { type Asset, parseCnames } from '@didban/core';
import { useTranslation } from 'react-i18next';
import {
  AssetActions,
  AssetBadges,
  HostCell,
  IpList,
  SelectBox,
  TechnologyIcons,
} from '../../../components/assets/asset-parts';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TimeAgo } from '../../../components/ui/time-ago';
import { openUnlessControl } from './open-on-click';

/**
 * The table view (spec §2 columns): select, host/URL, IP addresses (2 then '+N more'), status,
 * port, CNAME, technologies (3 then '+N'), updated, actions.
 */
export function AssetTable({
  assets,
  selectedIds,
  onToggle,
  onTogglePage,
  onOpen,
  onDelete,
}: {
  assets: Asset[];
  selectedIds: string[];
  onToggle: (asset: Asset) => void;
  onTogglePage: () => void;
  onOpen: (asset: Asset) => void;
  onDelete: (asset: Asset) => void;
}) {
  const { t } = useTranslation('assets');
  const allSelected = assets.length > 0 && assets.every((a) => selectedIds.includes(a.id));
  const th = 'px-3 py-2 text-start text-xs font-medium uppercase tracking-wide text-zinc-400';
  return (
    <div className="overflow-x-auto relative rounded-2xl border border-zinc-800">
      <table className="w-full min-w-[60rem] text-sm" data-testid="asset-table">
        <thead className="bg-zinc-900">
          <tr>
            <th className={th}>
              <SelectBox checked={allSelected} onToggle={onTogglePage} label={t('inventory.selectPage')} />
            </th>
            <th className={th}>{t('inventory.columns.host')}</th>
            <th className={th}>{t('inventory.columns.ips')}</th>
            <th className={th}>{t('inventory.columns.status')}</th>
            <th className={th}>{t('inventory.columns.port')}</th>
            <th className={th}>{t('inventory.columns.cname')}</th>
            <th className={th}>{t('inventory.columns.technologies')}</th>
            <th className={th}>{t('inventory.columns.updated')}</th>
            <th className={th}>
              <span className="sr-only">{t('inventory.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {assets.map((asset) => {
            const selected = selectedIds.includes(asset.id);
            const cnames = parseCnames(asset.cname);
            return (
              <tr
                key={asset.id}
                data-testid="asset-row"
                data-asset-id={asset.id}
                onClick={openUnlessControl(() => onOpen(asset))}
                className={`cursor-pointer align-middle hover:bg-zinc-900/80 ${selected ? 'bg-brand-950/40' : ''}`}
              >
                <td className="px-3 py-2">
                  <SelectBox
                    checked={selected}
                    onToggle={() => onToggle(asset)}
                    label={t('inventory.selectAsset', { host: `${asset.host}:${asset.port}` })}
                  />
                </td>
                <td className="max-w-72 px-3 py-2">
                  <div className="flex items-center gap-2">
                    <HostCell asset={asset} />
                    <AssetBadges asset={asset} />
                  </div>
                  {asset.title ? (
                    <p className="truncate text-xs text-zinc-500" dir="auto" data-testid="asset-title">
                      {asset.title}
                    </p>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <IpList ip={asset.ip} limit={2} />
                </td>
                <td className="px-3 py-2" data-testid="asset-status">
                  <StatusBadge status={asset.status} />
                </td>
                <td className="px-3 py-2 tabular-nums" data-testid="asset-port">
                  {asset.port}
                </td>
                <td
                  className="max-w-48 truncate px-3 py-2 text-xs text-zinc-400"
                  dir="ltr"
                  data-testid="asset-cname"
                >
                  {cnames.length ? cnames.join(', ') : '—'}
                </td>
                <td className="px-3 py-2">
                  <TechnologyIcons technologies={asset.technologies} limit={3} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-400">
                  <TimeAgo time={asset.updated_at} />
                </td>
                <td className="px-3 py-2">
                  <AssetActions asset={asset} onDelete={onDelete} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const ROW_KEYS = Array.from({ length: 8 }, (_, n) => `row-${n}`);
const CARD_KEYS = Array.from({ length: 6 }, (_, n) => `card-${n}`);

/** spec §2 loading skeletons: 8 rows in the table view, 6 cards in the card view. */
export function InventorySkeleton({ view }: { view: 'card' | 'table' }) {
  const { t } = useTranslation('shared');
  if (view === 'table') {
    return (
      <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label={t('loading')}>
        {ROW_KEYS.map((key) => (
          <div key={key} data-testid="skeleton-row" className="h-12 animate-pulse rounded-lg bg-zinc-900" />
        ))}
      </div>
    );
  }
  return (
    <div
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
    >
      {CARD_KEYS.map((key) => (
        <div key={key} data-testid="skeleton-card" className="h-48 animate-pulse rounded-2xl bg-zinc-900" />
      ))}
    </div>
  );
}
