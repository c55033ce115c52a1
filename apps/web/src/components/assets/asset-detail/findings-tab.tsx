import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { severityTone } from '../../../lib/status-tone';
import { BulkBar } from '../../findings/bulk-bar';
import { DueMark } from '../../findings/due-mark';
import { ExportFindings } from '../../findings/export-findings';
import { type SlaFilter, SlaFilters } from '../../findings/sla-filters';
import { useFindingSelection } from '../../findings/use-selection';
import { Badge } from '../../ui/status-badge';
import { type SeverityGroup, useAssetFindings } from './use-asset-detail';

/**
 * Vulnerabilities (severity low and above) or Exposures (info) that scans found on the asset, with
 * the lifecycle (issue 32): due date and overdue mark, SLA filters, bulk triage of ticked rows or
 * all matching (sent as the list's filters), and the list exported as CSV or JSON.
 * No sample rows: an asset never scanned, or a server without the findings list, says so.
 */
export function FindingsTab({ assetId, group }: { assetId: string; group: SeverityGroup }) {
  const { t } = useTranslation(['assets', 'shared', 'scans']);
  const lang = useLang();
  const [sla, setSla] = useState<SlaFilter>({ overdue: false, dueWithin: null });
  const slaQuery = {
    ...(sla.overdue ? { overdue: true } : {}),
    ...(sla.dueWithin !== null ? { due_within: sla.dueWithin } : {}),
  };
  const findings = useAssetFindings(assetId, group, slaQuery);
  const listFilters = { asset: assetId, severity_group: group, ...slaQuery };
  const selection = useFindingSelection(JSON.stringify(listFilters));
  const filtersBar = <SlaFilters value={sla} onChange={setSla} />;
  if (findings.isLoading) return <p className="text-sm text-zinc-500">{t('shared:loading')}</p>;
  if (findings.isError) {
    return (
      <p className="text-sm text-zinc-500" data-testid="findings-unavailable">
        {t('assetDetail.findings.unavailable')}
      </p>
    );
  }
  const rows = findings.data?.results ?? [];
  const total = findings.data?.result_count ?? 0;
  const filtered = sla.overdue || sla.dueWithin !== null;
  if (!rows.length) {
    return (
      <div className="flex flex-col gap-3">
        {filtered ? filtersBar : null}
        <p className="text-sm text-zinc-500" data-testid="findings-empty">
          {filtered
            ? t('scans:detail.vulnEmptyFiltered')
            : t(
                group === 'vulnerabilities'
                  ? 'assetDetail.findings.vulnerabilitiesEmpty'
                  : 'assetDetail.findings.exposuresEmpty',
              )}
        </p>
      </div>
    );
  }
  const ids = rows.map((r) => r.id);
  const ticked = selection.all ? total : selection.ids.size;
  const th = 'px-3 py-2 text-start text-xs font-medium text-zinc-400';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {filtersBar}
        <ExportFindings
          page={(query) => api.scans.vulnerabilities(query)}
          query={listFilters}
          filters={listFilters}
          total={total}
        />
      </div>
      {ticked > 0 ? (
        <BulkBar
          count={selection.ids.size}
          total={total}
          all={selection.all}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
          selection={async () => (selection.all ? { filters: listFilters } : { ids: [...selection.ids] })}
        />
      ) : null}
      <div className="overflow-x-auto relative rounded-xl border border-zinc-800">
        <table className="w-full text-sm">
          <thead className="bg-zinc-900">
            <tr>
              <th className={`${th} w-8`}>
                <input
                  type="checkbox"
                  checked={ids.every((id) => selection.all || selection.ids.has(id))}
                  aria-label={t('scans:lifecycle.selectPage')}
                  onChange={(e) => selection.setPage(ids, e.target.checked)}
                  className="size-4 accent-brand-500"
                />
              </th>
              <th className={th}>{t('assetDetail.findings.template')}</th>
              <th className={th}>{t('assetDetail.findings.severity')}</th>
              <th className={th}>{t('assetDetail.findings.status')}</th>
              <th className={th}>{t('scans:lifecycle.due')}</th>
              <th className={th}>{t('assetDetail.findings.matchedAt')}</th>
              <th className={th}>{t('assetDetail.findings.lastSeen')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {rows.map((finding) => (
              <tr key={finding.id} data-testid="finding-row" data-vuln-id={finding.id}>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    checked={selection.all || selection.ids.has(finding.id)}
                    aria-label={t('scans:lifecycle.select', { name: finding.template_name })}
                    onChange={(e) => selection.toggle(finding.id, e.target.checked)}
                    className="size-4 accent-brand-500"
                  />
                </td>
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
                  <Badge tone={severityTone(finding.severity)}>
                    {t(`scans:severity.${finding.severity}`)}
                  </Badge>
                </td>
                <td className="px-3 py-2 text-xs">{t(`assetDetail.findings.statuses.${finding.status}`)}</td>
                <td className="px-3 py-2">
                  <DueMark vuln={finding} />
                </td>
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
    </div>
  );
}
