import { useEffect, useState } from 'react';

/** Speed of the typing animation and how long a full message stays. */
const TYPE_MS = 45;
const HOLD_MS = 1_600;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Types each message letter by letter, holds it, then moves on to the next, in a loop (spec §2
 * scan progress page). With reduced motion the messages change whole.
 */
export function TypingText({ messages }: { messages: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(0);
  const message = messages[index % messages.length] ?? '';
  // Letters are counted by code point so Persian and emoji never split mid-character.
  const letters = Array.from(message);
  const reduced = prefersReducedMotion();

  useEffect(() => {
    if (reduced) {
      const timer = setTimeout(() => setIndex((i) => i + 1), HOLD_MS * 2);
      return () => clearTimeout(timer);
    }
    if (shown < letters.length) {
      const timer = setTimeout(() => setShown((n) => n + 1), TYPE_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => {
      setShown(0);
      setIndex((i) => i + 1);
    }, HOLD_MS);
    return () => clearTimeout(timer);
  }, [shown, letters.length, reduced]);

  const text = reduced ? message : letters.slice(0, shown).join('');
  return (
    <p className="min-h-7 text-lg font-medium text-zinc-100" data-testid="scan-progress-typing">
      <span className="sr-only">{message}</span>
      <span aria-hidden="true">
        {text}
        <span className="ms-0.5 inline-block w-2 animate-pulse text-brand-400">▍</span>
      </span>
    </p>
  );
}
