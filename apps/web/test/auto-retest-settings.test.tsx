import type { VulnerabilityDetail } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoRetestSettingsForm } from '../src/components/findings/auto-retest-settings';
import { FindingLifecycle } from '../src/components/findings/finding-lifecycle';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { snackbarStore } from '../src/lib/snackbar-store';
import { FindingsSettingsPage } from '../src/pages/settings/findings-settings-page';

const findings = vi.hoisted(() => ({
  sla: vi.fn(),
  setSla: vi.fn(),
  autoRetest: vi.fn(),
  setAutoRetest: vi.fn(),
  history: vi.fn(),
  retests: vi.fn(),
  comments: vi.fn(),
}));
vi.mock('../src/lib/api', () => ({
  api: { findings, teams: { members: vi.fn().mockResolvedValue({ results: [] }) } },
}));

const OFF = {
  frequency: 'off',
  severities: ['critical', 'high'],
  last_run_at: null,
  last_queued: null,
  next_run_at: null,
  max_per_run: 100,
};

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  findings.sla.mockReset().mockResolvedValue({ critical: 7, high: 30, medium: 60, low: 180, info: null });
  findings.autoRetest.mockReset().mockResolvedValue(OFF);
  // Saved: the server answers the setting with its first run due at once, and reads it so after.
  findings.setAutoRetest.mockReset().mockImplementation(async (body) => {
    const saved = { ...OFF, ...body, next_run_at: new Date(Date.now() - 1000).toISOString() };
    findings.autoRetest.mockResolvedValue(saved);
    return saved;
  });
});

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const messages = () => snackbarStore.getSnapshot().map((s) => `${s.level}: ${s.message}`);

describe('automatic retest settings (issue 32)', () => {
  it('sits on Settings → Findings below the SLA, off for critical and high by default', async () => {
    wrap(<FindingsSettingsPage />);
    expect(await screen.findByTestId('auto-retest-settings')).toBeTruthy();
    expect(screen.getByTestId('sla-settings')).toBeTruthy();
    expect((screen.getByTestId('auto-retest-frequency') as HTMLSelectElement).value).toBe('off');
    expect((screen.getByTestId('auto-retest-critical') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('auto-retest-high') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('auto-retest-medium') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('auto-retest-last').textContent).toBe('Never');
    expect(screen.getByTestId('auto-retest-next').textContent).toBe('Not scheduled (off)');
    expect(screen.getByText(/at most 100 per run/)).toBeTruthy();
  });

  it('refuses no severity in the page, then saves daily for the severities ticked and shows the next run', async () => {
    wrap(<AutoRetestSettingsForm />);
    const frequency = (await screen.findByTestId('auto-retest-frequency')) as HTMLSelectElement;
    fireEvent.change(frequency, { target: { value: 'daily' } });
    fireEvent.click(screen.getByTestId('auto-retest-critical'));
    fireEvent.click(screen.getByTestId('auto-retest-high'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tick at least one severity.');
    expect(findings.setAutoRetest).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('auto-retest-medium'));
    fireEvent.click(screen.getByTestId('auto-retest-critical'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(findings.setAutoRetest).toHaveBeenCalledWith({
        frequency: 'daily',
        severities: ['critical', 'medium'],
      }),
    );
    await waitFor(() => expect(messages()).toContain('success: The automatic retest was saved.'));
    await waitFor(() => expect(screen.getByTestId('auto-retest-next').textContent).toBe('Within a minute'));
  });

  it('shows the last run with its count and the next run', async () => {
    findings.autoRetest.mockResolvedValue({
      ...OFF,
      frequency: 'weekly',
      last_run_at: '2026-11-30T08:00:00.000Z',
      last_queued: 12,
      next_run_at: '2099-12-07T08:00:00.000Z',
    });
    wrap(<AutoRetestSettingsForm />);
    const last = await screen.findByTestId('auto-retest-last');
    expect(last.textContent).toMatch(/2026.*12 retests queued$/);
    expect(screen.getByTestId('auto-retest-next').textContent).toMatch(/2099/);
    expect((screen.getByTestId('auto-retest-frequency') as HTMLSelectElement).value).toBe('weekly');
  });
});

describe('a finding retested by the schedule (issue 32)', () => {
  it('names the automatic retest schedule in its history, and the member for a manual retest', async () => {
    findings.comments.mockResolvedValue([]);
    findings.retests.mockResolvedValue([]);
    findings.history.mockResolvedValue([
      {
        id: 'e2',
        kind: 'retest',
        by: null,
        at: '2026-12-02T08:00:00.000Z',
        data: { retest_id: 'r2', automatic: true, verdict: 'still_vulnerable' },
      },
      {
        id: 'e1',
        kind: 'retest',
        by: 'sara',
        at: '2026-12-01T08:00:00.000Z',
        data: { retest_id: 'r1', verdict: 'fixed' },
      },
    ]);
    const vuln = { id: 'v1', status: 'open', assignee: null, accepted_until: null, status_reason: null };
    wrap(<FindingLifecycle vuln={vuln as unknown as VulnerabilityDetail} />);
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    const lines = screen.getAllByTestId('history-entry').map((li) => li.firstElementChild?.textContent);
    expect(lines).toEqual([
      'Retest by the automatic retest schedule: Still vulnerable',
      'Retest by sara: Fixed',
    ]);
  });
});
