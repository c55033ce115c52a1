import type { Asset, EnumerationHistory } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { hostPort } from '../../../components/assets/asset-parts';
import { showValue } from '../../../components/assets/show-value';
import { useFieldLabel } from '../../../components/assets/use-field-label';
import { ListState } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/query-state';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { useHistoryComparison } from './use-inventory';

const select =
  'rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 focus:outline-2 focus:outline-brand-500';

/**
 * Compare mode (spec §2): two finished histories of the group and what differs between them —
 * assets that appeared, went, and changed fields old → new (`compare_histories`).
 */
export function CompareView({
  histories,
  ids,
  onChange,
}: {
  histories: EnumerationHistory[];
  ids: [string | null, string | null];
  onChange: (ids: [string | null, string | null]) => void;
}) {
  const { t } = useTranslation(['assets', 'shared']);
  const lang = useLang();
  const [from, to] = ids;
  const comparison = useHistoryComparison(from, to);
  const fieldLabel = useFieldLabel();
  const picker = (which: 0 | 1, label: string) => (
    <label className="flex flex-col gap-1 text-sm text-zinc-400">
      {label}
      <select
        className={select}
        value={ids[which] ?? ''}
        data-testid={which === 0 ? 'compare-from' : 'compare-to'}
        onChange={(event) => {
          const next: [string | null, string | null] = [...ids];
          next[which] = event.target.value || null;
          onChange(next);
        }}
      >
        <option value="">{t('inventory.compare.choose')}</option>
        {histories.map((h) => (
          <option key={h.id} value={h.id}>
            {formatDateTime(h.completed_at!, lang)}
          </option>
        ))}
      </select>
    </label>
  );
  const data = comparison.data;
  return (
    <section className="flex flex-col gap-4" data-testid="compare-view">
      <div className="flex flex-wrap gap-4">
        {picker(0, t('inventory.compare.from'))}
        {picker(1, t('inventory.compare.to'))}
      </div>
      {!from || !to || from === to ? <ListState kind="empty">{t('inventory.compare.hint')}</ListState> : null}
      {comparison.isLoading ? <ListState kind="loading">{t('shared:loading')}</ListState> : null}
      {comparison.isError ? (
        <LoadFailed
          error={comparison.error}
          retry={comparison.refetch}
          retrying={comparison.isFetching}
          failed={t('inventory.compare.loadFailed')}
        />
      ) : null}
      {data ? (
        data.added.length + data.removed.length + data.changed.length === 0 ? (
          <ListState kind="empty">{t('inventory.compare.none')}</ListState>
        ) : (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <AssetList
              testId="compare-added"
              title={t('inventory.compare.added', { n: formatNumber(data.added.length, lang) })}
              tone="text-emerald-300"
              assets={data.added}
            />
            <AssetList
              testId="compare-removed"
              title={t('inventory.compare.removed', { n: formatNumber(data.removed.length, lang) })}
              tone="text-red-300"
              assets={data.removed}
            />
            <div className="rounded-2xl border border-zinc-800 p-4" data-testid="compare-changed">
              <h3 className="text-sm font-semibold text-amber-300">
                {t('inventory.compare.changed', { n: formatNumber(data.changed.length, lang) })}
              </h3>
              <ul className="mt-2 flex flex-col gap-3">
                {data.changed.map(({ asset, changes }) => (
                  <li key={asset.id} data-testid="compare-changed-asset">
                    <p dir="ltr" className="text-start text-sm font-medium">
                      {hostPort(asset)}
                    </p>
                    <ul className="mt-1 flex flex-col gap-0.5 text-xs">
                      {changes.map((change) => (
                        <li key={change.field} className="flex flex-wrap gap-1" data-testid="compare-change">
                          <span className="text-zinc-400">{fieldLabel(change.field)}:</span>
                          <span dir="ltr" className="text-red-300 line-through">
                            {showValue(change.from)}
                          </span>
                          {/* Points along the reading direction. */}
                          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                            →
                          </span>
                          <span dir="ltr" className="text-emerald-300">
                            {showValue(change.to)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )
      ) : null}
    </section>
  );
}

function AssetList({
  title,
  tone,
  assets,
  testId,
}: {
  title: string;
  tone: string;
  assets: Asset[];
  testId: string;
}) {
  return (
    <div className="rounded-2xl border border-zinc-800 p-4" data-testid={testId}>
      <h3 className={`text-sm font-semibold ${tone}`}>{title}</h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {assets.map((asset) => (
          <li key={asset.id} dir="ltr" className="text-start" data-testid="compare-asset">
            {hostPort(asset)}
          </li>
        ))}
      </ul>
    </div>
  );
}
