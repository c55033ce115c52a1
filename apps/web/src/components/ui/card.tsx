import type { ReactNode } from 'react';

/** The settings pages' panel frame. */
export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 ${className}`}>{children}</div>
  );
}

/** Loading, failure and empty states of a list, worded by the caller. */
export function ListState({ kind, children }: { kind: 'loading' | 'error' | 'empty'; children: ReactNode }) {
  return (
    <p
      className={`mt-6 text-sm ${kind === 'error' ? 'text-red-300' : 'text-zinc-500'}`}
      role={kind === 'error' ? 'alert' : undefined}
    >
      {children}
    </p>
  );
}
