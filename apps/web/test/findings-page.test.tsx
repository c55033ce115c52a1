import type { Vulnerability } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { FindingsPage } from '../src/pages/findings/findings-page';
import { SlaCounts } from '../src/pages/home/sla-counts';
import { isRouteAvailable } from '../src/routes/availability';
import { NAV_ITEMS } from '../src/routes/nav-items';

const scans = vi.hoisted(() => ({ vulnerabilities: vi.fn(), vulnerabilityById: vi.fn() }));
const findings = vi.hoisted(() => ({
  summary: vi.fn(),
  history: vi.fn(),
  comments: vi.fn(),
  retests: vi.fn(),
}));
vi.mock('../src/lib/api', () => ({ api: { scans, findings, teams: { members: vi.fn() } } }));

const row = (id: string, name: string): Vulnerability => ({
  id,
  template_id: `${id}-template`,
  template_name: name,
  severity: 'high',
  matcher_name: null,
  status: 'open',
  asset: 'asset-1',
  host: 'shop.example',
  port: 443,
  matched_at: `https://shop.example/${id}`,
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
});

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  scans.vulnerabilities.mockReset().mockResolvedValue({
    results: [row('v1', 'Git config exposed'), row('v2', 'Open redirect')],
    result_count: 2,
    total_pages: 1,
  });
  findings.summary.mockReset().mockResolvedValue({ overdue: 3, due_7d: 5, assigned_to_me: 2 });
});

/** The page at an address, as the router opens it. */
function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/findings', element: <FindingsPage /> },
      { path: '/', element: <SlaCounts /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const lastQuery = () => scans.vulnerabilities.mock.calls.at(-1)?.[0];

describe('the Findings page (issue 32): every finding of the workspace', () => {
  it('is in the main navigation, after Scans, and its page exists', () => {
    expect(NAV_ITEMS.map((i) => i.path)).toEqual([
      '/',
      '/scans',
      '/findings',
      '/assets',
      '/templates',
      '/workers',
      '/reports',
    ]);
    expect(isRouteAvailable('/findings')).toBe(true);
    expect(en.layout.nav.findings).toBe('Findings');
    expect(fa.layout.nav.findings).toBe('یافته‌ها');
  });

  it('lists the workspace list, not a run, with the filters of its address', async () => {
    open('/findings?overdue=1&severity=critical,high,bogus');
    expect(await screen.findByText('Git config exposed')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Findings', level: 1 })).toBeTruthy();
    expect(lastQuery()).toMatchObject({ page: 1, page_size: 10, overdue: true });
    expect(lastQuery().severity.split(',').sort()).toEqual(['critical', 'high']);
    expect((screen.getByTestId('vuln-overdue-filter') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('severity-chip-high').getAttribute('aria-pressed')).toBe('true');
  });

  it('"assigned to me" and "open or in progress" ask for exactly what the home count counts', async () => {
    open('/findings?assignee=me&status=unresolved');
    await screen.findByText('Git config exposed');
    expect(lastQuery()).toEqual({ page: 1, page_size: 10, assignee: 'me', status: 'open,in_progress' });
    expect((screen.getByTestId('vuln-mine-filter') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('vuln-status-filter') as HTMLSelectElement).value).toBe('unresolved');
    // Unticked: the filter goes, back to page 1.
    fireEvent.click(screen.getByTestId('vuln-mine-filter'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, page_size: 10, status: 'open,in_progress' }));
  });

  it('ignores malformed filters in the address instead of failing', async () => {
    open('/findings?due_within=soon&status=nope&overdue=maybe');
    await screen.findByText('Git config exposed');
    expect(lastQuery()).toEqual({ page: 1, page_size: 10 });
  });

  it("the home page's SLA counts open it filtered to the findings they count", async () => {
    open('/');
    const counts = await screen.findByTestId('home-sla');
    await waitFor(() => expect(within(counts).getByTestId('home-sla-overdue').textContent).toContain('3'));
    expect(screen.getByTestId('home-sla-overdue').getAttribute('href')).toBe('/findings?overdue=1');
    expect(screen.getByTestId('home-sla-due-7d').getAttribute('href')).toBe('/findings?due_within=7');
    expect(screen.getByTestId('home-sla-assigned-to-me').getAttribute('href')).toBe(
      '/findings?assignee=me&status=unresolved',
    );
  });
});
