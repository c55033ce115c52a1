import { BREAKDOWN_SEVERITIES, type SlaSettings, slaSettingsSchema } from '@didban/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithFeedback } from '../../hooks/use-mutation-feedback';
import { api } from '../../lib/api';

const KEY = ['scans', 'finding-sla'] as const;

/**
 * Days to fix per severity (issue 32): every open finding's due date is its first-seen date plus
 * these days; an empty field means no due date. Owners and admins change it (the server says so
 * to others); due dates that follow the SLA move at once.
 * Mount it in the workspace settings: `<SlaSettingsForm />` (no props).
 */
export function SlaSettingsForm() {
  const sla = useQuery({ queryKey: KEY, queryFn: api.findings.sla });
  if (!sla.data) return null;
  return <SlaFields key={JSON.stringify(sla.data)} initial={sla.data} />;
}

function SlaFields({ initial }: { initial: SlaSettings }) {
  const { t } = useTranslation('scans');
  const [days, setDays] = useState<Record<string, string>>(() =>
    Object.fromEntries(BREAKDOWN_SEVERITIES.map((s) => [s, initial[s] === null ? '' : String(initial[s])])),
  );
  const [invalid, setInvalid] = useState(false);
  const save = useMutationWithFeedback((body: SlaSettings) => api.findings.setSla(body), {
    success: t('lifecycle.sla.saved'),
    failure: t('lifecycle.sla.saveFailed'),
    invalidate: [['scans']],
  });
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="sla-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = slaSettingsSchema.safeParse(
          Object.fromEntries(BREAKDOWN_SEVERITIES.map((s) => [s, days[s]?.trim() ? Number(days[s]) : null])),
        );
        setInvalid(!parsed.success);
        if (parsed.success) save.mutate(parsed.data);
      }}
    >
      <h3 className="text-base font-semibold">{t('lifecycle.sla.title')}</h3>
      <p className="text-sm text-zinc-400">{t('lifecycle.sla.hint')}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {BREAKDOWN_SEVERITIES.map((s) => (
          <label key={s} className="flex flex-col gap-1 text-xs text-zinc-400">
            {t(`severity.${s}`)}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              value={days[s] ?? ''}
              placeholder={t('lifecycle.sla.none')}
              onChange={(e) => setDays((d) => ({ ...d, [s]: e.target.value }))}
              className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm text-zinc-100"
              data-testid={`sla-${s}`}
            />
          </label>
        ))}
      </div>
      {invalid ? (
        <p className="text-sm text-red-400" role="alert">
          {t('lifecycle.sla.invalid')}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={save.isPending}
        className="self-start rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-500 disabled:opacity-60"
      >
        {t('lifecycle.sla.save')}
      </button>
    </form>
  );
}
