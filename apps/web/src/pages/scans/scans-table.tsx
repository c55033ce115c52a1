import type { Scan } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScanStatusBadge } from '../../components/scans/scan-badges';
import { SeverityCounts } from '../../components/scans/severity-counts';
import { TimeAgo } from '../../components/ui/time-ago';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { scanPath } from '../../routes/paths';
import { type ScanAction, ScanRowActions } from './scan-row-actions';
import { tagsText } from './tags-text';

/** The scan list (spec §2 /scans): name, group, templates, status, last run, findings, actions. */
export function ScansTable({
  scans,
  onAction,
}: {
  scans: Scan[];
  onAction: (scan: Scan, action: ScanAction) => void;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const th = 'px-3 py-2 text-start text-xs font-medium text-zinc-400';
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-zinc-800">
      <table className="w-full min-w-[56rem] text-sm" data-testid="scans-table">
        <thead className="bg-zinc-900/80">
          <tr>
            <th className={th}>{t('list.columns.name')}</th>
            <th className={th}>{t('list.columns.group')}</th>
            <th className={th}>{t('list.columns.templates')}</th>
            <th className={th}>{t('list.columns.status')}</th>
            <th className={th}>{t('list.columns.lastRun')}</th>
            <th className={th}>{t('list.columns.findings')}</th>
            <th className={`${th} w-12`}>
              <span className="sr-only">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {scans.map((scan) => {
            const last = scan.latest_history;
            const lastAt = last?.started_at ?? last?.created_at ?? null;
            return (
              <tr
                key={scan.id}
                className="hover:bg-zinc-900/50"
                data-testid="scan-row"
                data-scan-id={scan.id}
              >
                <td className="px-3 py-2.5">
                  <Link
                    to={scanPath(scan.id)}
                    className="font-medium text-zinc-100 hover:text-brand-300 hover:underline"
                    dir="auto"
                  >
                    {scan.name}
                  </Link>
                </td>
                <td className="px-3 py-2.5 text-zinc-300" dir="auto">
                  {scan.asset_group_name ??
                    (scan.assets.length
                      ? t('list.assetsCount', {
                          count: scan.assets.length,
                          n: formatNumber(scan.assets.length, lang),
                        })
                      : t('list.noGroup'))}
                </td>
                <td className="px-3 py-2.5 text-zinc-400" title={scan.template_tags.join(', ') || undefined}>
                  {t('list.templatesCount', {
                    ids: formatNumber(scan.template_ids.length, lang),
                    tags: tagsText(scan.template_tags, lang),
                  })}
                </td>
                <td className="px-3 py-2.5">
                  <ScanStatusBadge status={scan.status} />
                </td>
                <td className="px-3 py-2.5 text-zinc-400">
                  {lastAt ? <TimeAgo time={lastAt} /> : t('list.never')}
                </td>
                <td className="px-3 py-2.5">
                  <SeverityCounts counts={scan.vulnerabilities} />
                </td>
                <td className="px-3 py-2.5">
                  <ScanRowActions scan={scan} onAction={(action) => onAction(scan, action)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
