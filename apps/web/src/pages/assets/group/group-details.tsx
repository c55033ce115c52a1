import type { AssetGroup } from '@didban/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { useAllWorkerGroups } from '../../../hooks/use-workers';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { intlLocale } from '../../../lib/language';
import { useDurationText } from './enumeration-history';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

const weekday = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));

/** Roots, scope, ports, discovery and schedule settings of a group (spec §3 asset group). */
export function GroupDetails({ group }: { group: AssetGroup }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const duration = useDurationText();
  const workerGroups = useAllWorkerGroups();
  const workerGroup = group.worker_group
    ? (workerGroups.data?.find((g) => g.id === group.worker_group)?.name ?? '…')
    : t('wizard.anyWorker');
  const list = (values: string[]) =>
    values.length ? (
      <span dir="ltr" className="inline-block break-all">
        {values.join(', ')}
      </span>
    ) : (
      t('group.none')
    );
  const schedule =
    group.scan_frequency === 'custom'
      ? `${t('frequency.custom')}: ${group.custom_weekdays.map((d) => weekday(d, intlLocale(lang))).join('، ')}`
      : t(`frequency.${group.scan_frequency}`);
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="group-details">
      <Item label={t('wizard.roots')}>
        <span data-testid="group-roots">{list(group.roots)}</span>
      </Item>
      <Item label={t('wizard.scopeInclude')}>{list(group.scope.include)}</Item>
      <Item label={t('wizard.scopeExclude')}>{list(group.scope.exclude)}</Item>
      <Item label={t('wizard.ports')}>
        {group.port_setting === 'custom' ? (
          <span dir="ltr" className="inline-block">
            {(group.custom_ports ?? '').split(',').join(', ')}
          </span>
        ) : (
          t(`ports.${group.port_setting}`)
        )}
      </Item>
      <Item label={t('wizard.autoDiscovery')}>{t(group.auto_discovery ? 'group.on' : 'group.off')}</Item>
      <Item label={t('group.workerGroup')}>
        <span data-testid="group-worker-group">{workerGroup}</span>
      </Item>
      <Item label={t('wizard.schedule')}>{schedule}</Item>
      {group.start_time && group.scan_frequency !== 'none' ? (
        <Item label={t('wizard.startTime')}>{formatDateTime(group.start_time, lang)}</Item>
      ) : null}
      <Item label={t('groups.columns.assets')}>{formatNumber(group.asset_count, lang)}</Item>
      <Item label={t('group.lastDuration')}>{duration(group.duration)}</Item>
      <Item label={t('groups.columns.updated')}>{formatDateTime(group.last_updated, lang)}</Item>
    </dl>
  );
}
