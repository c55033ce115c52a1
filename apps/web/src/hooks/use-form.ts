import { type FieldErrors, validateWith } from '@didban/core';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { useLang } from './use-lang';

/**
 * Form values + per-field messages. Validation is the core schema's (spec §5), so the panel, the
 * terminal client and the server say the same words. A field's message clears when it is edited.
 */
export function useForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V) {
  const lang = useLang();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setField = useCallback((name: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _dropped, ...rest } = e;
      return rest;
    });
  }, []);

  /** The parsed values, or undefined after showing the messages. */
  const validate = useCallback((): z.output<S> | undefined => {
    const result = validateWith(schema, values, lang);
    if (result.ok) {
      setErrors({});
      return result.value;
    }
    setErrors(result.errors);
    return undefined;
  }, [schema, values, lang]);

  return { values, errors, setField, setErrors, validate, reset: () => setValues(initial) };
}
