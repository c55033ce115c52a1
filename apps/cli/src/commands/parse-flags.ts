import { usageError } from '../errors.js';

/** A commander argument parser for counts and durations; a bad value is a usage error (exit 2). */
export const positiveInt = (option: string) => (value: string) => {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw usageError('usage.bad_number', { option, value });
  }
  return n;
};
