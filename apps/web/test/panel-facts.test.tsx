import type { Asset, AssetDetail, Scan, Worker } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DetailHeader } from '../src/components/assets/asset-detail/detail-header';
import { OverviewTab } from '../src/components/assets/asset-detail/overview-tab';
import { WorkerRow } from '../src/components/workers/worker-row';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { formatDateTime } from '../src/lib/format-date';
import { AssetTable } from '../src/pages/assets/inventory/asset-table';
import { ScanFacts } from '../src/pages/scans/detail/scan-facts';
import { assetFixture } from './fixtures';

// What the asset panel, the worker list and the scan page tell a daily user: when an asset was
// last seen and when a worker last reported (both ticking), a tag-based scan's templates, and a
// wildcard record for what it is.

// Lookups the components make on their own (group name, template names) never answer here.
vi.mock('../src/lib/api', () => ({
  api: {
    assets: { getGroup: () => new Promise(() => {}), getEnumeration: () => new Promise(() => {}) },
    templates: { get: () => new Promise(() => {}) },
    workers: {},
  },
}));

const NOW = Date.parse('2026-11-25T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

beforeAll(async () => {
  await initI18n('en', en);
  for (const ns of NAMESPACES) i18next.addResourceBundle('fa', ns, fa[ns]);
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  await i18next.changeLanguage('en');
});
afterEach(() => vi.useRealTimers());

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
const passMinutes = (m: number) =>
  act(() => {
    vi.advanceTimersByTime(m * 60_000);
  });

const asset = (over: Partial<Asset> = {}) => assetFixture({ updated_at: '2026-01-02T00:00:00Z', ...over });
const detail = (over: Partial<AssetDetail> = {}): AssetDetail => ({
  ...asset(),
  content_type: null,
  server: null,
  last_seen: minutesAgo(5),
  service: 'https',
  final_url: null,
  response_headers: null,
  body_start: null,
  tls: null,
  favicon_hash: null,
  screenshot_url: null,
  ...over,
});

describe('the asset panel: last seen', () => {
  it('shows when discovery last saw the asset, ticking, with the full date on hover', () => {
    const d = detail();
    wrap(<OverviewTab asset={d} detail={d} loading={false} />);
    const field = screen.getByTestId('overview-last-seen');
    expect(field.textContent).toBe('Last seen5 minutes ago');
    expect(field.querySelector('time')?.getAttribute('title')).toBe(formatDateTime(d.last_seen, 'en'));
    passMinutes(2);
    expect(field.textContent).toBe('Last seen7 minutes ago');
  });

  it('reads in Persian with Persian digits', async () => {
    await i18next.changeLanguage('fa');
    const d = detail();
    wrap(<OverviewTab asset={d} detail={d} loading={false} />);
    expect(screen.getByTestId('overview-last-seen').textContent).toBe('آخرین مشاهده۵ دقیقه پیش');
  });
});

describe('the asset panel: content type and server', () => {
  // Issue 34, item 12: the response's Content-Type and Server as fields of their own, not only
  // among the raw headers.
  it('shows each as its own labelled field, written left to right', () => {
    const d = detail({ content_type: 'text/html; charset=utf-8', server: 'nginx/1.25.3' });
    wrap(<OverviewTab asset={d} detail={d} loading={false} />);
    const type = screen.getByTestId('overview-content-type');
    expect(type.textContent).toBe('Content typetext/html; charset=utf-8');
    expect(type.querySelector('dd span')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('overview-server').textContent).toBe('Servernginx/1.25.3');
  });

  it('in Persian; "—" when discovery recorded none, "…" while the detail loads', async () => {
    await i18next.changeLanguage('fa');
    const d = detail({ content_type: 'application/json', server: null });
    const shown = wrap(<OverviewTab asset={d} detail={d} loading={false} />);
    expect(screen.getByTestId('overview-content-type').textContent).toBe('نوع محتواapplication/json');
    expect(screen.getByTestId('overview-server').textContent).toBe('سرور—');
    shown.unmount();
    wrap(<OverviewTab asset={asset()} detail={null} loading />);
    expect(screen.getByTestId('overview-content-type').textContent).toBe('نوع محتوا…');
    expect(screen.getByTestId('overview-server').textContent).toBe('سرور…');
  });
});

describe('the asset panel: group and discovery run while they load', () => {
  // The discovery run is named by its date once the group's runs arrive; before that the panel
  // showed the run's raw id, a string of Latin digits in the middle of the Persian panel.
  it('reads "…" for both, never the run id, in Persian', async () => {
    await i18next.changeLanguage('fa');
    const runId = '352e10dd-a873-4a2d-94bc-15b2fa5ad74c';
    const d = detail({ enumeration_history: runId });
    wrap(<OverviewTab asset={d} detail={d} loading={false} />);
    expect(screen.getByTestId('overview-group').textContent).toBe('گروه دارایی…');
    expect(screen.getByTestId('overview-enumeration-history').textContent).toBe('تاریخچهٔ کشف…');
  });
});

describe('wildcard DNS records', () => {
  const wildcard = asset({ host: '*.apps.lab.didban.test', port: 80 });

  it('are marked in the inventory, with why they are never scanned on hover', () => {
    wrap(
      <AssetTable
        assets={[wildcard, asset({ id: 'a2' })]}
        selectedIds={[]}
        onToggle={() => {}}
        onTogglePage={() => {}}
        onOpen={() => {}}
        onDelete={() => {}}
      />,
    );
    const badges = screen.getAllByTestId('wildcard-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.textContent).toBe('Wildcard record');
    expect(badges[0]!.getAttribute('title')).toBe(
      'A wildcard DNS record: every name under this zone answers, so it is not one host. It is never scanned; the hosts discovered under it are.',
    );
  });

  it('say so in the asset panel, in Persian too, without a link to a host that is not one', async () => {
    await i18next.changeLanguage('fa');
    wrap(<DetailHeader asset={wildcard} screenshotUrl={null} />);
    expect(screen.getByTestId('wildcard-badge').textContent).toBe('رکورد عام');
    expect(screen.getByTestId('detail-wildcard-note').textContent).toMatch(
      /^یک رکورد DNS عام: .*هرگز اسکن نمی‌شود/,
    );
    expect(screen.getByTestId('detail-host').tagName).toBe('SPAN');
  });
});

describe('a worker’s "Updated"', () => {
  const worker = (over: Partial<Worker> = {}): Worker => ({
    id: 'w1',
    name: 'edge-1',
    group_id: null,
    country: 'DE',
    ip: '10.0.0.9',
    version: '1.0.0',
    key_prefix: 'dbw_1234',
    status: 'online',
    last_seen_at: minutesAgo(0.5),
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
    ...over,
  });
  const row = (w: Worker) =>
    wrap(
      <table>
        <tbody>
          <WorkerRow worker={w} canManage={false} />
        </tbody>
      </table>,
    );

  it('is its last heartbeat, and keeps moving while the page is open', () => {
    row(worker());
    const updated = screen.getByTestId('worker-updated');
    expect(updated.textContent).toBe('just now');
    passMinutes(3);
    expect(updated.textContent).toBe('3 minutes ago');
  });

  it('falls back to the row’s own time for a worker that never called', () => {
    row(worker({ status: 'offline', last_seen_at: null }));
    expect(screen.getByTestId('worker-updated').textContent).toBe('5 days ago');
  });
});

describe('the scan page: templates of a tag-based scan', () => {
  const scan = (over: Partial<Scan> = {}): Scan => ({
    id: 's1',
    name: 'Nightly',
    asset_group: null,
    asset_group_name: null,
    assets: ['a1'],
    template_ids: [],
    template_tags: ['exposure', 'misconfig', 'tech', 'cve'],
    worker_group: null,
    worker_group_name: null,
    status: 'finished',
    latest_history: {
      id: 'h1',
      scan: 's1',
      status: 'finished',
      trigger: 'manual',
      tasks_done: 2,
      total_task: 2,
      targets: 1,
      templates: 37,
      findings: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      error: null,
      created_at: minutesAgo(10),
      started_at: minutesAgo(10),
      finished_at: minutesAgo(9),
      duration: 60,
    },
    schedule: null,
    vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
    created_at: minutesAgo(10),
    updated_at: minutesAgo(10),
    ...over,
  });

  it('names the tags and how many templates the latest run ran, not "None"', () => {
    wrap(<ScanFacts scan={scan()} />);
    const templates = screen.getByTestId('scan-templates');
    expect(templates.textContent).toBe(
      'Every template with the tags \u2068exposure\u2069, \u2068misconfig\u2069, \u2068tech\u2069, \u2068cve\u2069' +
        '37 templates in the latest run',
    );
  });

  it('in Persian, with Persian digits', async () => {
    await i18next.changeLanguage('fa');
    wrap(<ScanFacts scan={scan({ template_tags: ['exposure'] })} />);
    expect(screen.getByTestId('scan-templates').textContent).toBe(
      'همهٔ قالب‌های دارای برچسب \u2068exposure\u2069۳۷ قالب در آخرین اجرا',
    );
  });

  it('counts one asset in the singular', () => {
    wrap(<ScanFacts scan={scan()} />);
    expect(screen.getByText('1 asset')).toBeTruthy();
  });

  it('names every group of a bulk scan over several groups, each a link, in en and fa (issue 34, item 12)', async () => {
    const over = {
      asset_group: 'g1',
      asset_group_name: 'Shop',
      assets: [],
      asset_groups: [
        { id: 'g1', name: 'Shop' },
        { id: 'g2', name: 'فروشگاه' },
        { id: 'g3', name: 'Lab' },
      ],
    };
    const { unmount } = wrap(<ScanFacts scan={scan(over)} />);
    const links = [...screen.getByTestId('scan-groups').querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Shop', '/assets/g1'],
      ['فروشگاه', '/assets/g2'],
      ['Lab', '/assets/g3'],
    ]);
    expect(screen.getByText('Asset groups')).toBeTruthy();
    unmount();
    await i18next.changeLanguage('fa');
    wrap(<ScanFacts scan={scan(over)} />);
    expect(screen.getByText('گروه‌های دارایی')).toBeTruthy();
    expect(screen.getByTestId('scan-groups').querySelectorAll('a')).toHaveLength(3);
  });

  it('names the one group of an older server that sends no list', () => {
    wrap(<ScanFacts scan={scan({ asset_group: 'g1', asset_group_name: 'Shop', assets: [] })} />);
    expect(screen.getByText('Asset group')).toBeTruthy();
    expect(screen.getByTestId('scan-groups').textContent).toBe('Shop');
  });

  it('still says "None" for a scan with neither templates nor tags', () => {
    wrap(<ScanFacts scan={scan({ template_tags: [], latest_history: null })} />);
    expect(screen.queryByTestId('scan-templates')).toBeNull();
  });
});
