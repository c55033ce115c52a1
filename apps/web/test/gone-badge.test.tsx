import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { AssetCard } from '../src/pages/assets/inventory/asset-card';
import { AssetTable } from '../src/pages/assets/inventory/asset-table';
import { GoneFilterOption } from '../src/pages/assets/inventory/gone-filter-option';
import { assetFixture } from './fixtures';

// Issue 34, item 12: an asset a re-discovery no longer found (shown by the gone filter) says so,
// with the date, on its card and its table row, in Persian (Persian digits) and English.
beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
});

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

// Midday UTC, so the day is the same in any test time zone.
const gone = assetFixture({ id: 'gone', host: 'old.example.test', gone_at: '2026-11-30T12:00:00.000Z' });
const live = assetFixture({ id: 'live', host: 'shop.example.test' });

const card = (asset: typeof gone) =>
  wrap(
    <AssetCard asset={asset} selected={false} onToggle={() => {}} onOpen={() => {}} onDelete={() => {}} />,
  );
const table = () =>
  wrap(
    <AssetTable
      assets={[gone, live]}
      selectedIds={[]}
      onToggle={() => {}}
      onTogglePage={() => {}}
      onOpen={() => {}}
      onDelete={() => {}}
    />,
  );

describe('the gone badge', () => {
  it('reads "Gone since <date>" on the card and the table row in English, with what it means', async () => {
    await i18next.changeLanguage('en');
    const view = card(gone);
    const badge = screen.getByTestId('gone-badge');
    expect(badge.textContent).toBe('Gone since Nov 30, 2026');
    expect(badge.getAttribute('title')).toBe(
      'A later discovery of this group no longer found it. Its record stays, but it is left out of the live inventory, its counts and the scans of its group; a discovery that finds it again brings it back.',
    );
    view.unmount();
    const rows = table();
    const [goneRow, liveRow] = screen.getAllByTestId('asset-row') as [HTMLElement, HTMLElement];
    expect(within(goneRow).getByTestId('gone-badge').textContent).toBe('Gone since Nov 30, 2026');
    expect(within(liveRow).queryByTestId('gone-badge')).toBeNull();
    rows.unmount();
  });

  it('reads «از <date> دیگر دیده نشد» with Persian digits in Persian', async () => {
    await i18next.changeLanguage('fa');
    const view = card(gone);
    const text = screen.getByTestId('gone-badge').textContent ?? '';
    expect(text).toBe('از ۹ آذر ۱۴۰۵ دیگر دیده نشد');
    view.unmount();
    table();
    const [goneRow] = screen.getAllByTestId('asset-row') as [HTMLElement];
    expect(within(goneRow).getByTestId('gone-badge').textContent).toBe(text);
  });

  it('is absent on a live asset', async () => {
    await i18next.changeLanguage('en');
    card(live);
    expect(screen.queryByTestId('gone-badge')).toBeNull();
  });
});

describe('the gone filter', () => {
  it('offers its one option in both languages and chooses gone=true', async () => {
    await i18next.changeLanguage('en');
    const onToggle = vi.fn();
    const view = wrap(<GoneFilterOption label="Gone" chosen={[]} onToggle={onToggle} />);
    const option = screen.getByTestId('filter-option');
    expect(option.textContent).toContain('Only assets no longer found');
    fireEvent.click(option);
    expect(onToggle).toHaveBeenCalledWith('true');
    view.unmount();
    await i18next.changeLanguage('fa');
    wrap(<GoneFilterOption label="دیگر دیده‌نشده" chosen={['true']} onToggle={onToggle} />);
    const chosen = screen.getByTestId('filter-option');
    expect(chosen.textContent).toContain('فقط دارایی‌هایی که دیگر پیدا نشدند');
    expect(chosen.getAttribute('aria-checked')).toBe('true');
  });
});
