import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../src/components/findings/bulk-bar';
import { SlaSettingsForm } from '../src/components/findings/sla-settings';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { snackbarStore } from '../src/lib/snackbar-store';

const findings = vi.hoisted(() => ({ sla: vi.fn(), setSla: vi.fn(), bulk: vi.fn() }));
vi.mock('../src/lib/api', () => ({ api: { findings, teams: { members: vi.fn() } } }));

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  findings.sla.mockReset().mockResolvedValue({ critical: 7, high: 30, medium: 60, low: 180, info: null });
  findings.setSla.mockReset().mockImplementation(async (body) => body);
  findings.bulk.mockReset().mockResolvedValue({ matched: 12, changed: 11 });
});

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const messages = () => snackbarStore.getSnapshot().map((s) => `${s.level}: ${s.message}`);

describe('SLA settings (issue 32)', () => {
  it('shows the days per severity, refuses 0 in the page and saves an empty field as no due date', async () => {
    wrap(<SlaSettingsForm />);
    const critical = (await screen.findByTestId('sla-critical')) as HTMLInputElement;
    expect(critical.value).toBe('7');
    expect((screen.getByTestId('sla-info') as HTMLInputElement).value).toBe('');
    fireEvent.change(critical, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Use whole days from 1 to 3650, or leave the field empty.');
    expect(findings.setSla).not.toHaveBeenCalled();
    fireEvent.change(critical, { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('sla-low'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(findings.setSla).toHaveBeenCalledWith({
        critical: 3,
        high: 30,
        medium: 60,
        low: null,
        info: null,
      }),
    );
    await waitFor(() =>
      expect(messages()).toContain('success: The SLA was saved; due dates that follow it have moved.'),
    );
  });
});

describe('bulk bar (issue 32)', () => {
  it('asks a reason before accepting risk, then sends one request for all matching with a 90-day end', async () => {
    const onSelectAll = vi.fn();
    wrap(
      <BulkBar
        count={1}
        total={12}
        all={true}
        onSelectAll={onSelectAll}
        onClear={() => undefined}
        selection={async () => ({ filters: { overdue: true } })}
      />,
    );
    expect(screen.getByTestId('vuln-bulk-count').textContent).toBe('All 12 findings matching are selected');
    fireEvent.change(screen.getByTestId('vuln-bulk-action'), { target: { value: 'accept' } });
    const until = (screen.getByTestId('vuln-bulk-until') as HTMLInputElement).value;
    expect(until).toBe(new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10));
    fireEvent.click(screen.getByTestId('vuln-bulk-apply'));
    await screen.findByText('Write a reason first.');
    expect(findings.bulk).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('vuln-bulk-reason'), { target: { value: 'legacy host' } });
    fireEvent.click(screen.getByTestId('vuln-bulk-apply'));
    await waitFor(() => expect(findings.bulk).toHaveBeenCalledTimes(1));
    expect(findings.bulk).toHaveBeenCalledWith({
      selection: { filters: { overdue: true } },
      action: { kind: 'status', status: 'accepted_risk', reason: 'legacy host', accepted_until: until },
    });
    await waitFor(() => expect(messages()).toContain('success: 11 of 12 findings changed.'));
  });
});
