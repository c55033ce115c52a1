import type { Vulnerability } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FindingsTab } from '../src/components/assets/asset-detail/findings-tab';
import { BulkBar } from '../src/components/findings/bulk-bar';
import { SlaSettingsForm } from '../src/components/findings/sla-settings';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { snackbarStore } from '../src/lib/snackbar-store';

const findings = vi.hoisted(() => ({ sla: vi.fn(), setSla: vi.fn(), bulk: vi.fn() }));
const scans = vi.hoisted(() => ({ assetVulnerabilities: vi.fn(), vulnerabilities: vi.fn() }));
vi.mock('../src/lib/api', () => ({ api: { findings, scans, teams: { members: vi.fn() } } }));

const finding = (over: Partial<Vulnerability>): Vulnerability => ({
  id: 'v1',
  template_id: 'git-config-exposure',
  template_name: 'Git config exposed',
  severity: 'medium',
  matcher_name: null,
  status: 'open',
  asset: 'asset-1',
  host: 'shop.example',
  port: 443,
  matched_at: 'https://shop.example/.git/config',
  scan: 's1',
  scan_history: 'h1',
  first_seen_at: '2026-10-01T00:00:00.000Z',
  last_seen_at: '2026-12-01T00:00:00.000Z',
  fixed_at: null,
  reopened_count: 0,
  assignee: null,
  due_at: '2026-10-31T00:00:00.000Z',
  overdue: true,
  status_reason: null,
  accepted_until: null,
  last_retest_at: null,
  last_retest_verdict: null,
  ...over,
});

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

describe("an asset's findings tab (issue 32)", () => {
  it('marks the overdue finding, filters by overdue, and retests all matching through the filters in one request', async () => {
    scans.assetVulnerabilities.mockReset().mockImplementation(async (_asset, query) => ({
      results: [finding({})],
      current_page: 1,
      total_pages: 1,
      result_count: query.overdue ? 3 : 5,
      next_page: null,
      previous_page: null,
    }));
    wrap(<FindingsTab assetId="asset-1" group="vulnerabilities" />);
    expect((await screen.findByTestId('vuln-overdue')).textContent).toBe('Overdue');
    fireEvent.click(screen.getByTestId('vuln-overdue-filter'));
    await waitFor(() =>
      expect(scans.assetVulnerabilities).toHaveBeenLastCalledWith('asset-1', {
        severity_group: 'vulnerabilities',
        page: 1,
        page_size: 100,
        overdue: true,
      }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Git config exposed' }));
    await screen.findByText('1 selected');
    fireEvent.click(screen.getByTestId('vuln-select-all-matching'));
    expect(screen.getByTestId('vuln-bulk-count').textContent).toBe('All 3 findings matching are selected');
    fireEvent.change(screen.getByTestId('vuln-bulk-action'), { target: { value: 'retest' } });
    findings.bulk.mockResolvedValueOnce({ matched: 3, changed: 2 });
    fireEvent.click(screen.getByTestId('vuln-bulk-apply'));
    await waitFor(() => expect(findings.bulk).toHaveBeenCalledTimes(1));
    expect(findings.bulk).toHaveBeenCalledWith({
      selection: { filters: { asset: 'asset-1', severity_group: 'vulnerabilities', overdue: true } },
      action: { kind: 'retest' },
    });
    await waitFor(() => expect(messages()).toContain('success: 2 retests queued for 3 findings.'));
  });
});
