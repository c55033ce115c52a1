import type { ScanStatus } from '@didban/core';

/**
 * The run's progress: filled to done/total, or an indeterminate stripe while the total is
 * unknown. Fills from the start side in both directions (the bar's inset is logical).
 */
export function ProgressBar({
  fraction,
  status,
  label,
}: {
  fraction: number | null;
  status: ScanStatus | undefined;
  label: string;
}) {
  const tone =
    status === 'failed' || status === 'cancelled'
      ? 'bg-red-500/60'
      : status === 'finished'
        ? 'bg-emerald-500'
        : 'bg-brand-500';
  const width = status === 'finished' ? 1 : fraction;
  return (
    <div
      className="h-2 overflow-hidden rounded-full bg-zinc-800"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(width !== null ? { 'aria-valuenow': Math.round(width * 100) } : {})}
    >
      {width === null ? (
        <div className={`h-full w-1/3 animate-pulse rounded-full ${tone}`} />
      ) : (
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${tone}`}
          style={{ width: `${width * 100}%` }}
        />
      )}
    </div>
  );
}
