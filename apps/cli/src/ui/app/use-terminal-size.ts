import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export type TerminalSize = { columns: number; rows: number };

/**
 * The terminal's size, updated on `resize`, so lists show as many rows as fit and lines are cut
 * to the width instead of wrapping into a mess when the window shrinks.
 */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
