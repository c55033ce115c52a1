import { type Key, useInput } from 'ink';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';

type Handler = (input: string, key: Key) => void;
type Keys = { add(handler: RefObject<Handler>): () => void };

const KeysContext = createContext<Keys | null>(null);

/**
 * One keyboard subscription for the whole screen, handing each key to the handlers of what is
 * on screen now. Ink's own `useInput` subscribes in a passive effect, a moment after a frame is
 * drawn: a key typed in that moment (fast typing, a paste, a test) would go to the previous
 * render's handler, or nowhere when a screen has just replaced another. Handlers here are
 * registered and refreshed in layout effects, in the same commit as the frame the user sees.
 */
export function KeysProvider({ children }: { children: ReactNode }) {
  const handlers = useRef(new Set<RefObject<Handler>>());
  useInput((input, key) => {
    // Keys typed faster than the terminal is read arrive as one chunk ("jjj"): each is a key.
    for (const one of splitKeys(input, key)) {
      for (const handler of [...handlers.current]) handler.current(one, key);
    }
  });
  const keys = useMemo<Keys>(
    () => ({
      add(handler) {
        handlers.current.add(handler);
        return () => {
          handlers.current.delete(handler);
        };
      },
    }),
    [],
  );
  return <KeysContext.Provider value={keys}>{children}</KeysContext.Provider>;
}

/** Plain characters of one chunk, one by one; a chunk with Ctrl, Meta or a named key stays whole. */
export function splitKeys(input: string, key: Key): string[] {
  const named = key.ctrl || key.meta || key.escape || key.return || key.tab || key.backspace || key.delete;
  const chars = [...input];
  return chars.length > 1 && !named && !chars.some((c) => c.charCodeAt(0) < 0x20) ? chars : [input];
}

/** Keys for this component while it is on screen (and `active`); needs a KeysProvider above. */
export function useKeys(handler: Handler, active = true): void {
  const keys = useContext(KeysContext);
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    if (!active || !keys) return;
    return keys.add(latest);
  }, [keys, active]);
}
