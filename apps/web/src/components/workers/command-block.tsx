import { CopyButton } from '../ui/copy-button';

/** A shell command, always left to right, with a copy button. */
export function CommandBlock({
  label,
  command,
  copyLabel,
}: {
  label: string;
  command: string;
  copyLabel: string;
}) {
  return (
    <figure className="flex flex-col gap-1.5">
      <figcaption className="text-sm font-medium text-zinc-300">{label}</figcaption>
      <div className="flex items-start gap-2 rounded-lg border border-zinc-800 bg-zinc-950 p-3">
        <pre
          dir="ltr"
          data-testid="setup-command"
          className="min-w-0 flex-1 overflow-x-auto relative text-start font-mono text-xs leading-5 text-zinc-100"
        >
          {command}
        </pre>
        <CopyButton value={command} label={copyLabel} />
      </div>
    </figure>
  );
}
