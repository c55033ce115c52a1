import { ApiError, translate } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { errorText } from '../src/lib/error-text';

describe('errorText (spec §8)', () => {
  it("shows the server's message", () => {
    expect(
      errorText(new ApiError('Invalid credentials. Please try again.', 400, 'invalid_credentials'), 'en'),
    ).toBe('Invalid credentials. Please try again.');
  });
  it('says the server cannot be reached, in the reader language', () => {
    const down = { message: 'Network Error', code: 'ERR_NETWORK' };
    expect(errorText(down, 'en')).toBe('Network error: the server could not be reached.');
    expect(errorText(down, 'fa')).toBe('خطای شبکه: دسترسی به سرور ممکن نشد.');
  });
  it("uses the situation's message when the answer had no body", () => {
    const bare = { message: 'Request failed with status code 502', response: { status: 502 } };
    expect(errorText(bare, 'en', 'Failed to send feedback.')).toBe('Failed to send feedback.');
    expect(errorText(bare, 'en')).toBe('An unknown error occurred');
  });
});

describe('client-worded failures (spec BS-10)', () => {
  it('shows the bulk scan’s own messages instead of the generic fallback', () => {
    const noScan = new ApiError(translate('scans.no_scan_id', 'fa'), null, 'no_scan_id');
    expect(errorText(noScan, 'fa', 'fallback')).toBe(translate('scans.no_scan_id', 'fa'));
    const noHistory = new ApiError(translate('scans.no_history_id', 'en'), null, 'no_history_id');
    expect(errorText(noHistory, 'en', 'Failed to create bulk scan')).toBe(
      'Could not retrieve scan history ID',
    );
  });
});

describe("a refused form's reasons (issue 34, item 15)", () => {
  it('follows the generic validation message with each field’s message from the server', () => {
    const refused = new ApiError(translate('errors.validation', 'en'), 400, 'validation', {
      roots: ['127.50.0.10 is outside the allowed scan scope.'],
    });
    expect(errorText(refused, 'en')).toBe(
      'Some fields are not valid. 127.50.0.10 is outside the allowed scan scope.',
    );
  });
});
