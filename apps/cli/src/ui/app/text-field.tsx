import { Text, useInput } from 'ink';

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
  onChange: (value: string) => void;
  active?: boolean;
}) {
  useInput(
    (input, key) => {
      if (key.backspace || key.delete) return onChange(value.slice(0, -1));
      if (key.return || key.tab || key.escape || key.ctrl || key.meta || key.upArrow || key.downArrow) return;
      if (key.leftArrow || key.rightArrow) return;
      // A paste arrives as one chunk; keep it on one line.
      if (input) onChange(value + input.replace(/[\r\n]+/g, ' '));
    },
    { isActive: active },
  );
  return (
    <Text>
      {label}
      <Text bold>{value}</Text>
      {active ? <Text inverse> </Text> : null}
    </Text>
  );
}
