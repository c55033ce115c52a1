import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';

/** Request, response or curl text as a monospace block, left to right in both languages. */
export function EvidenceBlock({
  title,
  text,
  copyLabel,
  testId,
}: {
  title: string;
  text: string;
  copyLabel?: string;
  testId?: string;
}) {
  return (
    <section className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-zinc-300">{title}</h3>
        {copyLabel ? <CopyButton value={text} label={copyLabel} /> : null}
      </div>
      <pre
        dir="ltr"
        data-testid={testId}
        className="max-h-80 overflow-auto rounded-lg border border-zinc-800 bg-zinc-950 p-3 text-start font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-zinc-200"
      >
        {text}
      </pre>
    </section>
  );
}

/** One label and value of the drawer's facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="text-sm text-zinc-200">{children}</dd>
    </div>
  );
}
