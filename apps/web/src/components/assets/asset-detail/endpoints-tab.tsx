import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLang } from '../../../hooks/use-lang';
import { api } from '../../../lib/api';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { Pagination } from '../../ui/pagination';
import { LoadFailed } from '../../ui/query-state';

const PAGE_SIZE = 20;
const SOURCES = ['link', 'form', 'script', 'sitemap', 'robots'] as const;

/**
 * The endpoints discovery's crawl found on the asset (issue 30): method, URL, parameters, where
 * it was seen and when last, searched and paged. URLs and parameter names are isolated
 * left-to-right runs, so Persian text around them keeps its order.
 */
export function EndpointsTab({ assetId }: { assetId: string }) {
  const { t } = useTranslation(['assets', 'shared']);
  const lang = useLang();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim());
  const endpoints = useQuery({
    queryKey: ['assets', 'endpoints', assetId, page, search],
    queryFn: () => api.assets.endpoints(assetId, { page, page_size: PAGE_SIZE, search }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  if (endpoints.isLoading) return <p className="text-sm text-zinc-500">{t('shared:loading')}</p>;
  if (endpoints.isError)
    return (
      <LoadFailed
        error={endpoints.error}
        retry={endpoints.refetch}
        retrying={endpoints.isFetching}
        failed={t('assetDetail.endpoints.loadFailed')}
      />
    );
  const data = endpoints.data!;
  if (data.result_count === 0 && !search)
    return (
      <p className="text-sm text-zinc-500" data-testid="endpoints-empty">
        {t('assetDetail.endpoints.empty')}
      </p>
    );
  const known = (s: string): s is (typeof SOURCES)[number] => (SOURCES as readonly string[]).includes(s);
  const source = (s: string): string => (known(s) ? t(`assetDetail.endpoints.sources.${s}`) : s);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
          aria-label={t('assetDetail.endpoints.searchLabel')}
          placeholder={t('assetDetail.endpoints.searchPlaceholder')}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500"
          data-testid="endpoints-search"
        />
        <span className="text-xs text-zinc-500" data-testid="endpoints-count">
          {t('assetDetail.endpoints.count', {
            count: data.result_count,
            n: formatNumber(data.result_count, lang),
          })}
        </span>
      </div>
      {data.overflow > 0 ? (
        <p className="text-xs text-amber-300" data-testid="endpoints-overflow">
          {t('assetDetail.endpoints.overflow', {
            overflow: formatNumber(data.overflow, lang),
            limit: formatNumber(data.limit, lang),
          })}
        </p>
      ) : null}
      {data.results.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('assetDetail.endpoints.noMatch')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800">
          {data.results.map((e) => (
            <li key={e.id} className="flex flex-col gap-1.5 p-3" data-testid="endpoint-row">
              <div className="flex items-start gap-2">
                <span
                  className="shrink-0 rounded bg-zinc-800 px-1.5 py-0.5 font-mono text-xs text-zinc-200"
                  dir="ltr"
                  data-testid="endpoint-method"
                >
                  {e.method}
                </span>
                <bdi
                  dir="ltr"
                  className="min-w-0 break-all font-mono text-xs text-zinc-100"
                  data-testid="endpoint-url"
                >
                  {e.url}
                </bdi>
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-400">
                <div className="flex min-w-0 gap-1">
                  <dt>{t('assetDetail.endpoints.params')}</dt>
                  <dd className="min-w-0 break-all" data-testid="endpoint-params">
                    {e.params.length ? (
                      <bdi dir="ltr" className="font-mono text-zinc-300">
                        {e.params.join(', ')}
                      </bdi>
                    ) : (
                      t('assetDetail.endpoints.noParams')
                    )}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('assetDetail.endpoints.source')}</dt>
                  <dd className="text-zinc-300" data-testid="endpoint-source">
                    {source(e.source)}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('assetDetail.endpoints.lastSeen')}</dt>
                  <dd className="text-zinc-300">{formatDateTime(e.last_seen_at, lang)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
    </div>
  );
}
