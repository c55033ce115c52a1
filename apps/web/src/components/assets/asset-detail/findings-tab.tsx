import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime } from '../../../lib/format-date';
import { severityTone } from '../../../lib/status-tone';
import { Badge } from '../../ui/status-badge';
import { type SeverityGroup, useAssetFindings } from './use-asset-detail';

/**
 * Vulnerabilities (severity low and above) or Exposures (info) that scans found on the asset.
 * No sample rows: an asset never scanned, or a server without the findings list, says so.
 */
export function FindingsTab({ assetId, group }: { assetId: string; group: SeverityGroup }) {
  const { t } = useTranslation(['assets', 'shared', 'scans']);
  const lang = useLang();
  const findings = useAssetFindings(assetId, group);
  if (findings.isLoading) return <p className="text-sm text-zinc-500">{t('shared:loading')}</p>;
  if (findings.isError) {
    return (
      <p className="text-sm text-zinc-500" data-testid="findings-unavailable">
        {t('assetDetail.findings.unavailable')}
      </p>
    );
  }
  const rows = findings.data?.results ?? [];
  if (!rows.length) {
    return (
      <p className="text-sm text-zinc-500" data-testid="findings-empty">
        {t(
          group === 'vulnerabilities'
            ? 'assetDetail.findings.vulnerabilitiesEmpty'
            : 'assetDetail.findings.exposuresEmpty',
        )}
      </p>
    );
  }
  const th = 'px-3 py-2 text-start text-xs font-medium text-zinc-400';
  return (
    <div className="overflow-x-auto relative rounded-xl border border-zinc-800">
      <table className="w-full text-sm">
        <thead className="bg-zinc-900">
          <tr>
            <th className={th}>{t('assetDetail.findings.template')}</th>
            <th className={th}>{t('assetDetail.findings.severity')}</th>
            <th className={th}>{t('assetDetail.findings.status')}</th>
            <th className={th}>{t('assetDetail.findings.matchedAt')}</th>
            <th className={th}>{t('assetDetail.findings.lastSeen')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {rows.map((finding) => (
            <tr key={finding.id} data-testid="finding-row">
              <td className="px-3 py-2">
                <p className="font-medium" dir="auto">
                  {finding.template_name}
                </p>
                <p className="text-xs text-zinc-500" dir="ltr">
                  {finding.template_id}
                  {finding.matcher_name ? `:${finding.matcher_name}` : ''}
                </p>
              </td>
              <td className="px-3 py-2">
                {/* The scans' own severity words: the asset panel and the scan lists say the same. */}
                <Badge tone={severityTone(finding.severity)}>{t(`scans:severity.${finding.severity}`)}</Badge>
              </td>
              <td className="px-3 py-2 text-xs">{t(`assetDetail.findings.statuses.${finding.status}`)}</td>
              <td className="max-w-64 truncate px-3 py-2 font-mono text-xs" dir="ltr">
                {finding.matched_at}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-400">
                {formatDateTime(finding.last_seen_at, lang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
