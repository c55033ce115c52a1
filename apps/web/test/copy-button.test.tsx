import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../src/components/ui/copy-button';
import { StatusBadge } from '../src/components/ui/status-badge';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';

beforeAll(async () => {
  await initI18n('en', en);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the copy button (spec §4)', () => {
  it('copies the value and shows "Copied" for 2 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton value="example.test:443" />);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('example.test:443');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});

describe('the status badge (spec §4)', () => {
  // The code itself is isolated in a <bdi> inside the badge, so read the tone from the badge.
  it('colours by status class', () => {
    render(
      <>
        <StatusBadge status="200" />
        <StatusBadge status={404} />
        <StatusBadge status="done" />
      </>,
    );
    expect(screen.getByText('200').closest('[data-tone]')?.getAttribute('data-tone')).toBe('success');
    expect(screen.getByText('404').closest('[data-tone]')?.getAttribute('data-tone')).toBe('warning');
    expect(screen.getByText('Done (no web service)').closest('[data-tone]')?.getAttribute('data-tone')).toBe(
      'success',
    );
  });
});
