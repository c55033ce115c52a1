import { type Asset, isWildcardHost } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../ui/status-badge';
import { AssetBadges, IpList } from '../asset-parts';
import { useScreenshotUrl } from './use-asset-detail';

/** The address a host link opens: https on the usual TLS ports, http otherwise. */
export function assetUrl(asset: Pick<Asset, 'host' | 'port'>): string {
  const tls = [443, 8443, 9443].includes(asset.port);
  const scheme = tls ? 'https' : 'http';
  const plain = (tls && asset.port === 443) || (!tls && asset.port === 80);
  return `${scheme}://${asset.host}${plain ? '' : `:${asset.port}`}`;
}

/** Host link, addresses, status and root badges, and the screenshot discovery took (if any). */
export function DetailHeader({ asset, screenshotUrl }: { asset: Asset; screenshotUrl: string | null }) {
  const { t } = useTranslation('assets');
  const image = useScreenshotUrl(screenshotUrl);
  const wildcard = isWildcardHost(asset.host);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-4 sm:flex-row">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {wildcard ? (
          // A wildcard zone has no address a browser could open.
          <span
            dir="ltr"
            className="truncate text-start text-xl font-semibold text-zinc-100"
            data-testid="detail-host"
          >
            {asset.host}:{asset.port}
          </span>
        ) : (
          <a
            href={assetUrl(asset)}
            target="_blank"
            rel="noreferrer noopener"
            dir="ltr"
            className="truncate text-start text-xl font-semibold text-brand-300 hover:underline"
            data-testid="detail-host"
          >
            {asset.host}:{asset.port}
          </a>
        )}
        {asset.title ? (
          <p className="truncate text-sm text-zinc-400" dir="auto">
            {asset.title}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="detail-status">
            <StatusBadge status={asset.status} />
          </span>
          <AssetBadges asset={asset} />
        </div>
        {wildcard ? (
          <p className="text-sm text-zinc-400" data-testid="detail-wildcard-note">
            {t('inventory.wildcardHint')}
          </p>
        ) : null}
        <IpList ip={asset.ip} />
      </div>
      <div className="flex h-32 w-56 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-800 bg-zinc-900">
        {image ? (
          <img
            src={image}
            alt={t('assetDetail.screenshotAlt', { host: asset.host })}
            className="size-full object-cover object-top"
            data-testid="detail-screenshot"
          />
        ) : (
          <p className="p-3 text-center text-xs text-zinc-500" data-testid="detail-no-screenshot">
            {t('assetDetail.noScreenshot')}
          </p>
        )}
      </div>
    </div>
  );
}
