import { Box, Text } from 'ink';
import type { ReactNode } from 'react';

/**
 * The frame every screen shares: a bold title, the body, then a notice (the last thing done or
 * what went wrong) and the keys line, each cut to the terminal width so a narrow window never
 * wraps them.
 */
export function ScreenFrame({
  title,
  keys,
  notice,
  error,
  children,
}: {
  title: string;
  keys: string;
  notice?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      {children}
      {error ? (
        <Text color="red" wrap="truncate-end">
          {error}
        </Text>
      ) : notice ? (
        <Text color="green" wrap="truncate-end">
          {notice}
        </Text>
      ) : null}
      <Text dimColor wrap="truncate-end">
        {keys}
      </Text>
    </Box>
  );
}

/** Lines the frame itself takes (title, notice, keys): a list gets the rest of the height. */
export const FRAME_LINES = 4;
