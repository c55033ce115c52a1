import { type Lang, localDigits, toLatinDigits } from '@didban/core';
import type { InputHTMLAttributes } from 'react';
import { TextField } from './text-field';

type NumberFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  label: string;
  lang: Lang;
  /** Whole non-negative number as typed, in Latin digits ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  hint?: string;
};

/**
 * A whole-number field that reads in the reader's digits: a `type="number"` input always shows
 * 0–9 and refuses the ۰–۹ a Persian keyboard types. Here fa shows ۰–۹, both kinds are accepted,
 * and the value the form keeps is in Latin digits; anything but digits is not taken.
 */
export function NumberField({ lang, value, onChange, ...field }: NumberFieldProps) {
  return (
    <TextField
      {...field}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={localDigits(value, lang)}
      onChange={(e) => onChange(toLatinDigits(e.target.value).replace(/[^0-9]/g, ''))}
    />
  );
}
