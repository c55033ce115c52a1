import { Text } from 'ink';
import type { Dispatch, SetStateAction } from 'react';

import { useKeys } from './use-keys.js';

/**
 * A one-line text field: printable keys append, Backspace deletes; Enter, Tab and Esc are left to
 * the form that owns it. Ink has no input component, and one this small needs no dependency.
 */
export function TextField({
  label,
  value,
  onChange,
  active = true,
}: {
  label: string;
  value: string;
  /** A state setter: keys typed faster than a render apply in order, none lost. */
  onChange: Dispatch<SetStateAction<string>>;
  active?: boolean;
}) {
  useKeys((input, key) => {
    if (key.backspace || key.delete) return onChange((v) => v.slice(0, -1));
    if (key.return || key.tab || key.escape || key.ctrl || key.meta || key.upArrow || key.downArrow) return;
    if (key.leftArrow || key.rightArrow) return;
    // A paste arrives as one chunk; keep it on one line.
    if (input) onChange((v) => v + input.replace(/[\r\n]+/g, ' '));
  }, active);
  return (
    <Text>
      {label}
      <Text bold>{value}</Text>
      {active ? <Text inverse> </Text> : null}
    </Text>
  );
}
