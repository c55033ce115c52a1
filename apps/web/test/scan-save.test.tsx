import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { snackbarStore } from '../src/lib/snackbar-store';
import { initialScanForm, type ScanFormState } from '../src/pages/scans/form/scan-form-state';
import { useSaveScan } from '../src/pages/scans/form/use-save-scan';

const calls: string[] = [];
const scans = vi.hoisted(() => ({
  create: vi.fn(),
  update: vi.fn(),
  createSchedule: vi.fn(),
  updateSchedule: vi.fn(),
}));
vi.mock('../src/lib/api', () => ({ api: { scans } }));

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  calls.length = 0;
  scans.create.mockReset().mockImplementation(async (body) => {
    calls.push(`create run_now=${body.run_now}`);
    return { id: 'scan-1', scan_history_id: body.run_now ? 'h-1' : null };
  });
  scans.update.mockReset().mockImplementation(async () => {
    calls.push('update');
    return {};
  });
  scans.createSchedule.mockReset().mockImplementation(async (body) => {
    calls.push(`createSchedule ${body.scan} ${body.frequency}`);
    return {};
  });
  scans.updateSchedule.mockReset().mockImplementation(async (id, body) => {
    calls.push(`updateSchedule ${id} ${body.frequency}`);
    return {};
  });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const form = (patch: Partial<ScanFormState>): ScanFormState => ({
  ...initialScanForm(),
  name: 'Shop',
  assetGroup: 'g-1',
  templateTags: ['exposure'],
  ...patch,
});
const messages = () => snackbarStore.getSnapshot().map((s) => `${s.level}: ${s.message}`);

describe('saving a scan', () => {
  it('runs a scan without a schedule at once and hands back its run', async () => {
    const { result } = renderHook(() => useSaveScan(), { wrapper });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.save(form({}), null);
    });
    expect(calls).toEqual(['create run_now=true']);
    expect(outcome).toEqual({ scanId: 'scan-1', historyId: 'h-1' });
    expect(messages()).toContain('success: Scan created.');
  });

  it("says how many wildcard records the new scan's run left out, and why", async () => {
    scans.create.mockResolvedValueOnce({ id: 'scan-2', scan_history_id: 'h-2', skipped_wildcards: 2 });
    const { result } = renderHook(() => useSaveScan(), { wrapper });
    await act(async () => {
      await result.current.save(form({}), null);
    });
    expect(messages()).toContain(
      'warning: 2 wildcard DNS records were left out: a wildcard answers for every name under it, so it is not a host to scan.',
    );
  });

  it('creates a scheduled scan without a run, then its schedule', async () => {
    const { result } = renderHook(() => useSaveScan(), { wrapper });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.save(form({ frequency: 'daily' }), null);
    });
    expect(calls).toEqual(['create run_now=false', 'createSchedule scan-1 daily']);
    expect(outcome).toEqual({ scanId: 'scan-1', historyId: null });
    expect(messages()).toContain('success: Scan created and scheduled.');
  });

  it('patches an edited scan and its schedule; says so when the schedule fails', async () => {
    const scan = {
      id: 'scan-9',
      schedule: {
        id: 'sch-9',
        scan: 'scan-9',
        frequency: 'daily' as const,
        custom_weekdays: [],
        start_time: null,
        next_run_at: null,
        last_run_at: null,
      },
    };
    const { result } = renderHook(() => useSaveScan(), { wrapper });
    await act(async () => {
      await result.current.save(form({ frequency: 'monthly' }), scan as never);
    });
    expect(calls).toEqual(['update', 'updateSchedule sch-9 monthly']);

    scans.updateSchedule.mockImplementation(async () => {
      throw new Error('boom');
    });
    await act(async () => {
      await result.current.save(form({ frequency: 'weekly' }), scan as never);
    });
    expect(messages()).toContain('error: The scan was saved but its schedule was not.');
  });
});
