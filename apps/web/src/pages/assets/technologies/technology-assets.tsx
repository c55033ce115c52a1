import { parseCnames } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TechnologyIcon } from '../../../components/assets/technology-icon';
import { Pagination } from '../../../components/ui/pagination';
import { LoadFailed } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { useTechnologyAssets } from './use-technologies';

const MAX_ICONS = 3;

/** The assets using one technology, 10 a page (spec §2 columns, §8 messages). */
export function TechnologyAssets({ technologyId }: { technologyId: string }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const assets = useTechnologyAssets(technologyId, page);
  if (assets.isError) {
    return (
      <div role="alert" className="py-3 text-sm">
        <p className="font-medium text-red-300">{t('technologies.loadFailed')}</p>
        <p className="text-zinc-400">{t('technologies.tryLater')}</p>
        <LoadFailed error={assets.error} retry={assets.refetch} retrying={assets.isFetching} failed="" />
      </div>
    );
  }
  if (!assets.data) return <p className="py-3 text-sm text-zinc-500">{t('technologies.loadingAssets')}</p>;
  const rows = assets.data.results;
  if (rows.length === 0) return <p className="py-3 text-sm text-zinc-500">{t('technologies.noAssets')}</p>;
  const th = 'px-2 py-2 text-start font-medium';
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto relative">
        <table className="w-full min-w-[52rem] text-sm" data-testid="technology-assets">
          <thead className="text-xs text-zinc-400">
            <tr>
              <th className={th}>{t('technologies.columns.host')}</th>
              <th className={th}>{t('technologies.columns.ip')}</th>
              <th className={th}>{t('technologies.columns.title')}</th>
              <th className={th}>{t('technologies.columns.technologies')}</th>
              <th className={th}>{t('technologies.columns.cnames')}</th>
              <th className={th}>{t('technologies.columns.status')}</th>
              <th className={th}>{t('technologies.columns.contentLength')}</th>
              <th className={th}>{t('technologies.columns.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr
                key={a.id}
                className="border-t border-zinc-800 align-top"
                data-testid="technology-asset-row"
              >
                <td className="px-2 py-2">
                  <span dir="ltr" className="inline-block break-all">{`${a.host}:${a.port}`}</span>
                </td>
                <td className="px-2 py-2">
                  <span dir="ltr" className="inline-block">
                    {a.ip
                      .split(',')
                      .map((ip) => ip.trim())
                      .filter(Boolean)
                      .join(', ')}
                  </span>
                </td>
                <td className="max-w-48 truncate px-2 py-2" title={a.title ?? ''}>
                  {a.title ?? '—'}
                </td>
                <td className="px-2 py-2">
                  <div className="flex items-center gap-1">
                    {a.technologies.slice(0, MAX_ICONS).map((tech) => (
                      <TechnologyIcon key={tech.id} technology={tech} size="size-5" />
                    ))}
                    {a.technologies.length > MAX_ICONS ? (
                      <span className="text-xs text-zinc-400">+{a.technologies.length - MAX_ICONS}</span>
                    ) : null}
                  </div>
                </td>
                <td className="px-2 py-2">
                  <span dir="ltr" className="inline-block break-all">
                    {parseCnames(a.cname).join(', ') || '—'}
                  </span>
                </td>
                <td className="px-2 py-2">
                  <StatusBadge status={a.status} />
                </td>
                <td className="px-2 py-2 tabular-nums">
                  {a.content_length === null ? '—' : formatNumber(a.content_length, lang)}
                </td>
                <td className="px-2 py-2 text-zinc-400">{formatDateTime(a.updated_at, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={assets.data.current_page} totalPages={assets.data.total_pages} onChange={setPage} />
    </div>
  );
}
