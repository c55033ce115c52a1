import type { Asset } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatDate } from '../../lib/format-date';
import { Badge } from '../ui/status-badge';

/**
 * "Gone since <date>" on an asset a re-discovery no longer found (issue 34, item 12). The live
 * inventory shows such assets only under the gone filter, so the badge says why this one is
 * there; its hover text says what gone means. Nothing for a live asset.
 */
export function GoneBadge({ asset }: { asset: Partial<Pick<Asset, 'gone_at'>> }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  if (!asset.gone_at) return null;
  return (
    <span data-testid="gone-badge" title={t('inventory.goneHint')}>
      <Badge tone="warning">{t('inventory.gone', { date: formatDate(asset.gone_at, lang) })}</Badge>
    </span>
  );
}
