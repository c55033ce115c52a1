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

/** One asset as a card (spec §2): select, host:port and IPs with copy buttons, badges, actions. */
export function AssetCard({
  asset,
  selected,
  onToggle,
  onOpen,
  onDelete,
}: {
  asset: Asset;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onDelete: (asset: Asset) => void;
}) {
  const { t } = useTranslation('assets');
  const cnames = parseCnames(asset.cname);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button inside is the keyboard way in
    <article
      data-testid="asset-card"
      data-asset-id={asset.id}
      onClick={openUnlessControl(onOpen)}
      className={`flex cursor-pointer flex-col gap-3 rounded-2xl border bg-zinc-900/60 p-4 transition hover:border-zinc-600 ${
        selected ? 'border-brand-500' : 'border-zinc-800'
      }`}
    >
      <div className="flex items-start gap-2">
        <span className="pt-1.5">
          <SelectBox
            checked={selected}
            onToggle={onToggle}
            label={t('inventory.selectAsset', { host: `${asset.host}:${asset.port}` })}
          />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <HostCell asset={asset} />
          <button
            type="button"
            onClick={onOpen}
            className="truncate text-start text-sm text-zinc-400 hover:text-zinc-200 rtl:text-right"
            // Titles come from the targets, mostly in English: their own direction keeps them readable
            // (cut at their end), lined up with the host above in Persian (rtl:text-right).
            dir="auto"
            data-testid="asset-title"
          >
            {asset.title || t('inventory.noTitle')}
          </button>
        </div>
        <AssetActions asset={asset} onDelete={onDelete} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="asset-status">
          <StatusBadge status={asset.status} />
        </span>
        <AssetBadges asset={asset} />
      </div>
      <IpList ip={asset.ip} />
      {cnames.length ? (
        <p className="truncate text-xs text-zinc-500" dir="ltr" data-testid="asset-cname">
          {cnames.join(', ')}
        </p>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-2">
        <TechnologyIcons technologies={asset.technologies} />
        <span className="shrink-0 text-xs text-zinc-500">
          <TimeAgo time={asset.updated_at} />
        </span>
      </div>
    </article>
  );
}
