import { describe, expect, it } from 'vitest';
import { ApiError, normalizeError } from '../src/index.js';

describe('error normalisation (spec §8)', () => {
  it("prefers the server body's message", () => {
    const error = normalizeError({
      message: 'Request failed with status code 400',
      response: {
        status: 400,
        data: { message: 'Some fields are not valid.', code: 'validation', errors: { email: ['x'] } },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Some fields are not valid.');
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.errors).toEqual({ email: ['x'] });
  });

  it("falls back to the error's own message without a body", () => {
    const error = normalizeError({ message: 'Network Error', code: 'ERR_NETWORK' });
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeNull();
    expect(error.code).toBe('ERR_NETWORK');
  });

  it("says 'An unknown error occurred' when there is nothing to say", () => {
    expect(normalizeError(undefined).message).toBe('An unknown error occurred');
    expect(normalizeError({ response: { status: 500, data: '<html>' } }).message).toBe(
      'An unknown error occurred',
    );
  });
});
