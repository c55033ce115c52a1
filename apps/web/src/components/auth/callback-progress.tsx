import { LogoMark } from '../layout/logo-mark';

/** What a callback page shows while it talks to the server. */
export function CallbackProgress({ message }: { message: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-black px-4" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-4 text-center">
        <LogoMark className="size-14 animate-pulse text-brand-500" />
        <p className="text-sm text-zinc-300">{message}</p>
      </div>
    </div>
  );
}
