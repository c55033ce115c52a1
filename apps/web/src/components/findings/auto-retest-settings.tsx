import {
  AUTO_RETEST_FREQUENCIES,
  type AutoRetestFrequency,
  type AutoRetestInput,
  type AutoRetestSettings,
  BREAKDOWN_SEVERITIES,
} from '@didban/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { useMutationWithFeedback } from '../../hooks/use-mutation-feedback';
import { api } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format-date';

const KEY = ['scans', 'finding-auto-retest'] as const;
type Severity = (typeof BREAKDOWN_SEVERITIES)[number];

/**
 * Automatic retest of open findings (issue 32): off, daily or weekly, for the severities ticked
 * (critical and high by default), with the last run (and how many retests it queued) and the next.
 * Owners and admins change it (the server says so to others). Mounted on Settings → Findings.
 */
export function AutoRetestSettingsForm() {
  const setting = useQuery({ queryKey: KEY, queryFn: api.findings.autoRetest });
  if (!setting.data) return null;
  return <AutoRetestFields key={JSON.stringify(setting.data)} initial={setting.data} />;
}

function AutoRetestFields({ initial }: { initial: AutoRetestSettings }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const [frequency, setFrequency] = useState<AutoRetestFrequency>(initial.frequency);
  const [severities, setSeverities] = useState<Severity[]>(initial.severities);
  const [invalid, setInvalid] = useState(false);
  const save = useMutationWithFeedback((body: AutoRetestInput) => api.findings.setAutoRetest(body), {
    success: t('lifecycle.autoRetest.saved'),
    failure: t('lifecycle.autoRetest.saveFailed'),
    invalidate: [KEY],
  });
  const toggle = (s: Severity, on: boolean) =>
    setSeverities((list) => BREAKDOWN_SEVERITIES.filter((x) => (x === s ? on : list.includes(x))));
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="auto-retest-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const empty = severities.length === 0;
        setInvalid(empty);
        if (!empty) save.mutate({ frequency, severities });
      }}
    >
      <h3 className="text-base font-semibold">{t('lifecycle.autoRetest.title')}</h3>
      <p className="text-sm text-zinc-400">
        {t('lifecycle.autoRetest.hint', { max: formatNumber(initial.max_per_run, lang) })}
      </p>
      <label className="flex flex-col gap-1 text-xs text-zinc-400 sm:max-w-xs">
        {t('lifecycle.autoRetest.frequency')}
        <select
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as AutoRetestFrequency)}
          className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm text-zinc-100"
          data-testid="auto-retest-frequency"
        >
          {AUTO_RETEST_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`lifecycle.autoRetest.frequencies.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs text-zinc-400">{t('lifecycle.autoRetest.severities')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {BREAKDOWN_SEVERITIES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm text-zinc-200">
              <input
                type="checkbox"
                checked={severities.includes(s)}
                onChange={(e) => toggle(s, e.target.checked)}
                data-testid={`auto-retest-${s}`}
              />
              {t(`severity.${s}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {invalid ? (
        <p className="text-sm text-red-400" role="alert">
          {t('lifecycle.autoRetest.invalid')}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" data-testid="auto-retest-runs">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-zinc-400">{t('lifecycle.autoRetest.lastRun')}</dt>
          <dd className="text-zinc-200" data-testid="auto-retest-last">
            {initial.last_run_at
              ? t('lifecycle.autoRetest.lastRunValue', {
                  date: formatDateTime(initial.last_run_at, lang),
                  count: initial.last_queued ?? 0,
                  n: formatNumber(initial.last_queued ?? 0, lang),
                })
              : t('lifecycle.autoRetest.never')}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-zinc-400">{t('lifecycle.autoRetest.nextRun')}</dt>
          <dd className="text-zinc-200" data-testid="auto-retest-next">
            {initial.next_run_at
              ? Date.parse(initial.next_run_at) <= Date.now()
                ? t('lifecycle.autoRetest.dueNow')
                : formatDateTime(initial.next_run_at, lang)
              : t('lifecycle.autoRetest.notScheduled')}
          </dd>
        </div>
      </dl>
      <button
        type="submit"
        disabled={save.isPending}
        className="self-start rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-500 disabled:opacity-60"
      >
        {t('lifecycle.autoRetest.save')}
      </button>
    </form>
  );
}
