import { isolate, type Scan } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScanStatusBadge } from '../../../components/scans/scan-badges';
import { SeverityCounts } from '../../../components/scans/severity-counts';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { intlLocale } from '../../../lib/language';
import { weekdayName } from '../../../lib/weekday';
import { assetGroupPath } from '../../../routes/paths';
import { useTemplateNames } from '../use-template-names';
import { Fact } from './evidence-block';

/** A scan's settings: group, templates, tags, worker group, schedule, status and open findings. */
export function ScanFacts({ scan }: { scan: Scan }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const groups = scanGroups(scan);
  const schedule = scan.schedule && scan.schedule.frequency !== 'none' ? scan.schedule : null;
  const scheduleText = schedule
    ? [
        t(`form.frequencies.${schedule.frequency}`),
        schedule.frequency === 'custom'
          ? schedule.custom_weekdays
              .map((d) => weekdayName(d, intlLocale(lang)))
              .join(lang === 'fa' ? '، ' : ', ')
          : '',
        schedule.next_run_at ? t('detail.nextRun', { when: formatDateTime(schedule.next_run_at, lang) }) : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : t('detail.noSchedule');
  return (
    <dl
      className="grid gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="scan-facts"
    >
      <Fact label={groups.length > 1 ? t('detail.groups') : t('detail.group')}>
        {groups.length ? (
          // Every group of a bulk scan over several, each a link (older servers send the first only).
          <ul className="flex flex-wrap gap-x-3 gap-y-1" data-testid="scan-groups">
            {groups.map((g) => (
              <li key={g.id}>
                <Link to={assetGroupPath(g.id)} className="text-brand-300 hover:underline" dir="auto">
                  {g.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          t('list.assetsCount', { count: scan.assets.length, n: formatNumber(scan.assets.length, lang) })
        )}
      </Fact>
      <Fact label={t('detail.status')}>
        <ScanStatusBadge status={scan.status} />
      </Fact>
      <Fact label={t('detail.workerGroup')}>{scan.worker_group_name ?? t('form.workerGroupNone')}</Fact>
      <Fact label={t('detail.templates')}>
        <TemplatesFact scan={scan} />
      </Fact>
      <Fact label={t('detail.tags')}>
        {scan.template_tags.length ? (
          <span className="flex flex-wrap gap-1">
            {scan.template_tags.map((tag) => (
              <span key={tag} dir="ltr" className="rounded-md bg-zinc-800 px-2 py-0.5 text-xs">
                {tag}
              </span>
            ))}
          </span>
        ) : (
          t('detail.none')
        )}
      </Fact>
      <Fact label={t('detail.schedule')}>{scheduleText}</Fact>
      <Fact label={t('detail.openFindings')}>
        <SeverityCounts counts={scan.vulnerabilities} />
      </Fact>
    </dl>
  );
}

/** The groups a scan covers: the full list when the server sends it, else the one group it names. */
function scanGroups(scan: Scan): { id: string; name: string }[] {
  if (scan.asset_groups?.length) return scan.asset_groups;
  return scan.asset_group ? [{ id: scan.asset_group, name: scan.asset_group_name ?? scan.asset_group }] : [];
}

/**
 * The templates a scan runs: the chosen ones by name; for a scan chosen by tags, that rule in
 * words (never "None"); and how many templates its latest run actually ran.
 */
function TemplatesFact({ scan }: { scan: Scan }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const names = useTemplateNames(scan.template_ids);
  const ran = scan.latest_history?.templates ?? 0;
  const tags = scan.template_tags;
  if (!scan.template_ids.length && !tags.length) return <>{t('detail.none')}</>;
  return (
    <div className="flex flex-col gap-1" data-testid="scan-templates">
      {scan.template_ids.length ? (
        <ul className="flex flex-col gap-0.5">
          {scan.template_ids.map((id) => (
            <li key={id} dir="auto" title={id}>
              {names[id] ?? id}
            </li>
          ))}
        </ul>
      ) : null}
      {tags.length ? (
        <p>
          {t('detail.templatesByTags', {
            count: tags.length,
            tags: tags.map(isolate).join(lang === 'fa' ? '، ' : ', '),
          })}
        </p>
      ) : null}
      {ran ? (
        <p className="text-xs text-zinc-500">
          {t('detail.templatesRan', { count: ran, n: formatNumber(ran, lang) })}
        </p>
      ) : null}
    </div>
  );
}
