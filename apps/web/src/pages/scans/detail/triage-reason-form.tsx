import type { VulnerabilityStatus } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Statuses the server accepts only with a reason (issue 32): the why is kept in the history. */
export const STATUSES_WITH_REASON: readonly VulnerabilityStatus[] = ['false_positive', 'accepted_risk'];

/** Default end of an accepted risk: 90 days from today, as the server's default. */
function ninetyDaysFromToday(): string {
  const day = new Date(Date.now() + 90 * 24 * 3600 * 1000);
  return day.toISOString().slice(0, 10);
}

/**
 * Asked before a finding becomes a false positive or an accepted risk: the reason (required) and,
 * for an accepted risk, the day the acceptance ends (the finding reopens then).
 */
export function TriageReasonForm({
  status,
  pending,
  onSubmit,
  onCancel,
}: {
  status: VulnerabilityStatus;
  pending: boolean;
  onSubmit: (reason: string, acceptedUntil?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('scans');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState(ninetyDaysFromToday);
  const [missing, setMissing] = useState(false);
  const accepting = status === 'accepted_risk';
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-zinc-700 bg-zinc-950/60 p-4"
      data-testid="triage-reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setMissing(true);
          return;
        }
        onSubmit(reason.trim(), accepting ? until : undefined);
      }}
    >
      <p className="text-sm text-zinc-300">
        {t('vuln.triage.title', { status: t(`vuln.status.${status}`) })}
      </p>
      <label className="flex flex-col gap-1 text-sm text-zinc-300">
        {t('vuln.triage.reason')}
        <textarea
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          rows={3}
          maxLength={2000}
          dir="auto"
          aria-invalid={missing}
          className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100"
        />
      </label>
      {missing ? (
        <p className="text-sm text-red-400" role="alert">
          {t('vuln.triage.reasonRequired')}
        </p>
      ) : null}
      {accepting ? (
        <label className="flex flex-col gap-1 text-sm text-zinc-300">
          {t('vuln.triage.until')}
          <input
            type="date"
            value={until}
            required
            onChange={(event) => setUntil(event.target.value)}
            className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100"
          />
        </label>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-500 disabled:opacity-60"
        >
          {t('vuln.triage.save')}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-3 py-1.5 text-sm text-zinc-300 hover:bg-zinc-800"
        >
          {t('vuln.triage.cancel')}
        </button>
      </div>
    </form>
  );
}
