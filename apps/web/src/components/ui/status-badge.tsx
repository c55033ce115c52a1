import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statusTone, type Tone } from '../../lib/status-tone';

export const TONE_CLASS: Record<Tone, string> = {
  success: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  info: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  warning: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  error: 'bg-red-500/15 text-red-300 ring-red-500/30',
  neutral: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASS[tone]}`}
    >
      {children}
    </span>
  );
}

/** An HTTP status (or 'done') coloured as spec §4 says. */
export function StatusBadge({ status }: { status: string | number }) {
  const { t } = useTranslation('shared');
  // 'done': probed, but not a web service; an HTTP code is a code, read left to right as is.
  return (
    <Badge tone={statusTone(status)}>
      {status === 'done' ? t('assetStatusDone') : <bdi dir="ltr">{status}</bdi>}
    </Badge>
  );
}
