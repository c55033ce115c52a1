import {
  ACCEPTANCE_DEFAULT_DAYS,
  type BulkTriageInput,
  VULNERABILITY_STATUSES,
  type VulnerabilityStatus,
} from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { useBulkTriage, useWorkspaceMembers } from './use-findings';

type Kind = 'status' | 'assignee' | 'accept' | 'retest';
type Action = BulkTriageInput['action'];
/** The selection a bulk action applies to, resolved when it is applied. */
export type BulkSelection = BulkTriageInput['selection'];

const field = 'rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm text-zinc-100';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The bar a list shows once findings are ticked (issue 32, bulk triage): how many, "select all N
 * matching", and one action — status (false positive with its reason), assignee, accept risk
 * (reason and end date, 90 days by default) or retest — sent in one request.
 */
export function BulkBar({
  count,
  total,
  all,
  onSelectAll,
  onClear,
  selection,
}: {
  count: number;
  /** Findings matching the list's filters. */
  total: number;
  /** Every finding matching is selected, not only the ticked ones. */
  all: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  /** The selection as the bulk request names it (ids, or the filters). */
  selection: () => Promise<BulkSelection>;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const members = useWorkspaceMembers();
  const bulk = useBulkTriage(onClear);
  const [kind, setKind] = useState<Kind>('status');
  const [status, setStatus] = useState<VulnerabilityStatus | ''>('');
  const [assignee, setAssignee] = useState('');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState(() => inDays(ACCEPTANCE_DEFAULT_DAYS));
  const [missing, setMissing] = useState(false);
  const [resolving, setResolving] = useState(false);
  const needsReason = kind === 'accept' || (kind === 'status' && status === 'false_positive');
  const shown = all ? total : count;
  const n = (v: number) => formatNumber(v, lang);

  const action = (): Action | null => {
    if (needsReason && !reason.trim()) {
      setMissing(true);
      return null;
    }
    if (kind === 'retest') return { kind: 'retest' };
    if (kind === 'assignee') return { kind: 'assignee', assignee: assignee || null };
    if (kind === 'accept')
      return { kind: 'status', status: 'accepted_risk', reason: reason.trim(), accepted_until: until };
    if (!status) return null;
    return { kind: 'status', status, ...(needsReason ? { reason: reason.trim() } : {}) };
  };

  return (
    <form
      aria-label={t('lifecycle.bulk.bar')}
      className="flex flex-col gap-3 rounded-xl border border-brand-500/40 bg-brand-600/10 p-3"
      data-testid="vuln-bulk-bar"
      onSubmit={async (e) => {
        e.preventDefault();
        const chosen = action();
        if (!chosen) return;
        setResolving(true);
        try {
          bulk.mutate({ selection: await selection(), action: chosen });
        } finally {
          setResolving(false);
        }
      }}
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium text-zinc-100" data-testid="vuln-bulk-count" data-count={shown}>
          {all
            ? t('lifecycle.bulk.allSelected', { count: total, n: n(total) })
            : t('lifecycle.bulk.selected', { count, n: n(count) })}
        </span>
        {!all && total > count ? (
          <button
            type="button"
            onClick={onSelectAll}
            className="text-brand-300 hover:underline"
            data-testid="vuln-select-all-matching"
          >
            {t('lifecycle.bulk.selectAll', { count: total, n: n(total) })}
          </button>
        ) : null}
        <button type="button" onClick={onClear} className="ms-auto text-zinc-400 hover:text-zinc-100">
          {t('lifecycle.bulk.clear')}
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs text-zinc-400">
          {t('lifecycle.bulk.action')}
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setMissing(false);
            }}
            className={field}
            data-testid="vuln-bulk-action"
          >
            <option value="status">{t('lifecycle.bulk.status')}</option>
            <option value="assignee">{t('lifecycle.bulk.assignee')}</option>
            <option value="accept">{t('lifecycle.bulk.accept')}</option>
            <option value="retest">{t('lifecycle.bulk.retest')}</option>
          </select>
        </label>
        {kind === 'status' ? (
          <label className="flex flex-col gap-1 text-xs text-zinc-400">
            {t('lifecycle.bulk.chooseStatus')}
            <select
              value={status}
              required
              onChange={(e) => setStatus(e.target.value as VulnerabilityStatus)}
              className={field}
              data-testid="vuln-bulk-status"
            >
              <option value="" disabled>
                {t('lifecycle.bulk.chooseStatus')}
              </option>
              {VULNERABILITY_STATUSES.filter((s) => s !== 'accepted_risk').map((s) => (
                <option key={s} value={s}>
                  {t(`vuln.status.${s}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {kind === 'assignee' ? (
          <label className="flex flex-col gap-1 text-xs text-zinc-400">
            {t('lifecycle.bulk.chooseAssignee')}
            <select
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
              className={field}
              data-testid="vuln-bulk-assignee"
            >
              <option value="">{t('lifecycle.unassigned')}</option>
              {(members.data ?? []).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {kind === 'accept' ? (
          <label className="flex flex-col gap-1 text-xs text-zinc-400">
            {t('vuln.triage.until')}
            <input
              type="date"
              value={until}
              required
              onChange={(e) => setUntil(e.target.value)}
              className={field}
              data-testid="vuln-bulk-until"
            />
          </label>
        ) : null}
        {needsReason ? (
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs text-zinc-400">
            {t('vuln.triage.reason')}
            <input
              value={reason}
              maxLength={2000}
              dir="auto"
              aria-invalid={missing}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
              className={field}
              data-testid="vuln-bulk-reason"
            />
          </label>
        ) : null}
        <button
          type="submit"
          disabled={bulk.isPending || resolving}
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-500 disabled:opacity-60"
          data-testid="vuln-bulk-apply"
        >
          {bulk.isPending || resolving ? t('lifecycle.bulk.applying') : t('lifecycle.bulk.apply')}
        </button>
      </div>
      {missing ? (
        <p className="text-sm text-red-400" role="alert">
          {t('vuln.triage.reasonRequired')}
        </p>
      ) : null}
    </form>
  );
}
