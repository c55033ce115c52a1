import { LogoMark } from './logo-mark';

/**
 * Spec §1 loading splash: black background, the purple mark drawn then filled, three rings
 * pulsing. Text-free so it can show before translations have loaded.
 */
export function Splash() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Didban"
      data-testid="splash"
      className="fixed inset-0 z-[100] grid place-items-center bg-black"
    >
      <div className="relative grid size-48 place-items-center">
        <span className="splash-ring splash-ring-1 absolute inset-0 rounded-full border border-brand-500/60" />
        <span className="splash-ring splash-ring-2 absolute inset-4 rounded-full border border-brand-500/50" />
        <span className="splash-ring splash-ring-3 absolute inset-8 rounded-full border border-brand-500/40" />
        <LogoMark className="relative size-20 text-brand-500" pathClassName="splash-path" />
      </div>
    </div>
  );
}
