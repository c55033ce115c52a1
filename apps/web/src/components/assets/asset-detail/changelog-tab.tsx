import type { Asset, AssetChange } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime } from '../../../lib/format-date';
import type { Tone } from '../../../lib/status-tone';
import { LoadFailed } from '../../ui/query-state';
import { Badge } from '../../ui/status-badge';
import { showValue } from '../show-value';
import { useFieldLabel } from '../use-field-label';
import { useAssetChangelog, useAssetGroup } from './use-asset-detail';

const KIND_TONE: Record<AssetChange['kind'], Tone> = {
  appeared: 'success',
  changed: 'warning',
  disappeared: 'error',
};

/** The asset's real changelog, newest first: appeared, changed fields old → new, disappeared. */
export function ChangelogTab({ asset }: { asset: Asset }) {
  const { t } = useTranslation(['assets', 'shared']);
  const lang = useLang();
  const changelog = useAssetChangelog(asset.id);
  const { history } = useAssetGroup(asset.group);
  const fieldLabel = useFieldLabel();
  if (changelog.isLoading) return <p className="text-sm text-zinc-500">{t('shared:loading')}</p>;
  if (changelog.isError)
    return (
      <LoadFailed
        error={changelog.error}
        retry={changelog.refetch}
        retrying={changelog.isFetching}
        failed={t('assetDetail.changelog.loadFailed')}
      />
    );
  const entries = changelog.data ?? [];
  if (!entries.length) return <p className="text-sm text-zinc-500">{t('assetDetail.changelog.empty')}</p>;
  const runDate = (id: string | null) => {
    const run = history.find((h) => h.id === id);
    return run ? formatDateTime(run.completed_at ?? run.started_at, lang) : null;
  };
  return (
    <ol className="flex flex-col gap-4 border-s border-zinc-800 ps-4">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-col gap-2"
          data-testid="changelog-entry"
          data-kind={entry.kind}
        >
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={KIND_TONE[entry.kind]}>{t(`assetDetail.changelog.${entry.kind}`)}</Badge>
            <span className="text-xs text-zinc-400">
              {entry.enumeration_history
                ? t('assetDetail.changelog.byHistory', {
                    id: runDate(entry.enumeration_history) ?? entry.enumeration_history.slice(0, 8),
                  })
                : t('assetDetail.changelog.manual')}
            </span>
            <span className="text-xs text-zinc-500">{formatDateTime(entry.created_at, lang)}</span>
          </div>
          {entry.changes.length ? (
            <table className="w-full text-xs">
              <thead>
                <tr className="text-zinc-500">
                  <th className="py-1 text-start font-medium">{t('assetDetail.changelog.field')}</th>
                  <th className="py-1 text-start font-medium">{t('assetDetail.changelog.before')}</th>
                  <th className="py-1 text-start font-medium">{t('assetDetail.changelog.after')}</th>
                </tr>
              </thead>
              <tbody>
                {entry.changes.map((change) => (
                  <tr key={change.field} data-testid="changelog-change" data-field={change.field}>
                    <td className="py-1 pe-3 text-zinc-300">{fieldLabel(change.field)}</td>
                    <td className="py-1 pe-3 text-red-300" dir="ltr">
                      {showValue(change.from) || t('assetDetail.changelog.emptyValue')}
                    </td>
                    <td className="py-1 text-emerald-300" dir="ltr">
                      {showValue(change.to) || t('assetDetail.changelog.emptyValue')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
