import type { Asset, AssetDetail } from '@didban/core';
import { useTranslation } from 'react-i18next';

/**
 * The HTTP response block: status line, the response headers and the start of the body, as
 * discovery recorded them (no sample data; a non-HTTP service says there is none).
 */
export function HttpResponse({
  asset,
  detail,
  loading,
}: {
  asset: Asset;
  detail: AssetDetail | null;
  loading: boolean;
}) {
  const { t } = useTranslation(['assets', 'shared']);
  const headers = detail?.response_headers ? Object.entries(detail.response_headers) : [];
  const isHttp = /^\d{3}$/.test(asset.status);
  return (
    <section className="flex flex-col gap-2" data-testid="http-response">
      <h3 className="text-sm font-semibold">{t('assetDetail.http.title')}</h3>
      {loading ? (
        <p className="text-sm text-zinc-500">{t('shared:loading')}</p>
      ) : !detail || !isHttp ? (
        <p className="text-sm text-zinc-500">{t('assetDetail.http.none')}</p>
      ) : (
        <div
          dir="ltr"
          className="overflow-x-auto relative rounded-lg border border-zinc-800 bg-zinc-950 p-4 text-start font-mono text-xs leading-relaxed"
        >
          <p className="text-emerald-300" data-testid="http-status-line">
            HTTP {asset.status}
            {detail.final_url ? <span className="text-zinc-500"> — {detail.final_url}</span> : null}
          </p>
          {headers.map(([name, value]) => (
            <p key={name} data-testid="http-header" className="whitespace-pre-wrap break-all">
              <span className="text-sky-300">{name}</span>
              <span className="text-zinc-500">: </span>
              <span className="text-zinc-200">{value}</span>
            </p>
          ))}
          <div className="mt-3 border-t border-zinc-800 pt-3">
            <p className="mb-1 font-sans text-zinc-500">{t('assetDetail.http.body')}</p>
            {detail.body_start ? (
              <pre
                className="max-h-80 overflow-auto whitespace-pre-wrap break-all text-zinc-300"
                data-testid="http-body"
              >
                {detail.body_start}
              </pre>
            ) : (
              <p className="font-sans text-zinc-500">{t('assetDetail.http.emptyBody')}</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
