import { type Asset, isWildcardHost } from '@didban/core';
import { Menu, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { CopyButton } from '../ui/copy-button';
import { MoreButton } from '../ui/more-button';
import { Badge } from '../ui/status-badge';
import { GoneBadge } from './gone-badge';
import { TechnologyIcon } from './technology-icon';
import { splitIps, truncateList } from './truncate-list';

/** `host:port`, what the copy button next to a host copies. */
export const hostPort = (asset: Pick<Asset, 'host' | 'port'>) => `${asset.host}:${asset.port}`;

export function RootBadge() {
  const { t } = useTranslation('assets');
  return (
    <span data-testid="root-badge">
      <Badge tone="info">{t('inventory.root')}</Badge>
    </span>
  );
}

/**
 * The root badge, and the wildcard badge for a wildcard DNS record (*.zone): such an asset stands
 * for every name under the zone and is never scanned, which its hover text (and the detail
 * panel) explains; the gone badge for an asset a re-discovery no longer found.
 */
export function AssetBadges({
  asset,
}: {
  asset: Pick<Asset, 'host' | 'is_root'> & Partial<Pick<Asset, 'gone_at'>>;
}) {
  const { t } = useTranslation('assets');
  return (
    <>
      {asset.is_root ? <RootBadge /> : null}
      {isWildcardHost(asset.host) ? (
        <span data-testid="wildcard-badge" title={t('inventory.wildcardHint')}>
          <Badge tone="neutral">{t('inventory.wildcard')}</Badge>
        </span>
      ) : null}
      <GoneBadge asset={asset} />
    </>
  );
}

/** The host:port with its copy button. */
export function HostCell({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const value = hostPort(asset);
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <span dir="ltr" className="truncate font-medium text-zinc-100" data-testid="asset-host">
        {value}
      </span>
      <CopyButton value={value} label={t('inventory.copyValue', { value })} />
    </span>
  );
}

/** Addresses with a copy button each; `limit` keeps the first few and says '+N more'. */
export function IpList({ ip, limit }: { ip: string; limit?: number }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const all = splitIps(ip);
  const { shown, hidden } = limit === undefined ? { shown: all, hidden: 0 } : truncateList(all, limit);
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="asset-ips">
      {shown.map((address) => (
        <span key={address} className="inline-flex items-center gap-0.5">
          <span dir="ltr" className="font-mono text-xs text-zinc-300" data-testid="asset-ip">
            {address}
          </span>
          <CopyButton value={address} label={t('inventory.copyValue', { value: address })} />
        </span>
      ))}
      {hidden ? (
        <span className="text-xs text-zinc-500" data-testid="more-ips">
          {t('inventory.moreIps', { n: formatNumber(hidden, lang) })}
        </span>
      ) : null}
    </span>
  );
}

/** Technology icons; `limit` keeps the first few and says '+N'. */
export function TechnologyIcons({
  technologies,
  limit,
}: {
  technologies: Asset['technologies'];
  limit?: number;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const { shown, hidden } =
    limit === undefined ? { shown: technologies, hidden: 0 } : truncateList(technologies, limit);
  if (!technologies.length) return <span className="text-zinc-600">—</span>;
  return (
    <span className="flex flex-wrap items-center gap-1" data-testid="asset-technologies">
      {shown.map((tech) => (
        <TechnologyIcon key={`${tech.id}-${tech.version ?? ''}`} technology={tech} />
      ))}
      {hidden ? (
        <span className="text-xs text-zinc-500" dir="ltr" data-testid="more-technologies">
          {t('inventory.moreTechnologies', { n: formatNumber(hidden, lang) })}
        </span>
      ) : null}
    </span>
  );
}

/** The ⋯ menu of a card or row: delete (asks first). */
export function AssetActions({ asset, onDelete }: { asset: Asset; onDelete: (asset: Asset) => void }) {
  const { t } = useTranslation('assets');
  return (
    <Menu as="div" className="relative">
      <MoreButton label={t('inventory.actionsMenu', { host: hostPort(asset) })} />
      <MenuItems
        anchor="bottom end"
        className="z-50 w-40 rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl focus:outline-none"
      >
        <MenuItem>
          <button
            type="button"
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm text-red-300 data-focus:bg-zinc-800"
            onClick={(event) => {
              event.stopPropagation();
              onDelete(asset);
            }}
          >
            {t('inventory.delete')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

/** The select checkbox of a card or row (its clicks never open the detail panel). */
export function SelectBox({
  checked,
  label,
  onToggle,
}: {
  checked: boolean;
  label: string;
  onToggle: () => void;
}) {
  return (
    <input
      type="checkbox"
      checked={checked}
      aria-label={label}
      onChange={onToggle}
      onClick={(event) => event.stopPropagation()}
      className="size-4 cursor-pointer accent-brand-500"
    />
  );
}
