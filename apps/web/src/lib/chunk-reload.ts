const KEY = 'didban.reloadedAt';
// A second missing chunk within this window means reloading did not help: stop, show the error.
const GUARD_MS = 30_000;

/** A page's code that is gone from the server, typically after an upgrade replaced the build. */
export function isMissingChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reload the page once to fetch the new release's code. Guarded through sessionStorage so a chunk
 * that is missing even after the reload never loops; returns false when the guard refused.
 */
export function reloadOnceForNewRelease(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < GUARD_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * Whether the server answers at all. A chunk fails to load both when a new release replaced the
 * build (the server answers; a reload fetches the new code) and when the server is down (a reload
 * would leave the browser's own "This site can't be reached" page, and the tab with it).
 */
export async function serverAnswers(timeoutMs = 5_000): Promise<boolean> {
  try {
    const answer = await fetch('/readyz', { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return answer.status < 500;
  } catch {
    return false;
  }
}
