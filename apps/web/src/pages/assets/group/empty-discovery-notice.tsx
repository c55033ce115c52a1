import { type EnumerationHistory, emptyDiscoveryReason } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';

/**
 * Why the group's last discovery found nothing (every name unanswered, none resolved, no open
 * port), with the counts its worker reported; nothing while the group has assets or is running.
 */
export function EmptyDiscoveryNotice({
  assetCount,
  latest,
}: {
  assetCount: number;
  latest?: EnumerationHistory;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  if (assetCount > 0 || latest?.status !== 'finished') return null;
  const reason = emptyDiscoveryReason(latest.outcome);
  if (!reason || !latest.outcome) return null;
  const n = (v: number) => formatNumber(v, lang);
  return (
    <p
      role="status"
      data-testid="discovery-empty-reason"
      data-reason={reason}
      className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-200"
    >
      {t(`group.emptyReason.${reason}`, {
        names: n(latest.outcome.names),
        hosts: n(latest.outcome.resolved_hosts),
        ports: n(latest.outcome.ports_scanned),
      })}
    </p>
  );
}
