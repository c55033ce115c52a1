import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  canCancelScan,
  countSeverities,
  isScanPreparing,
  normalizeSeverity,
  progressFraction,
  progressLabel,
  scanRedirect,
  severitiesAtLeast,
  startBulkScan,
  validateBulkScanForm,
  validateScanForm,
} from '../../src/index.js';

describe('scan progress rules (spec §2, §4)', () => {
  it('shows [done/total], or N/A while the total is unknown', () => {
    expect(progressLabel({ tasks_done: 3, total_task: 10 })).toBe('[3/10]');
    expect(progressLabel({ tasks_done: 0, total_task: null })).toBe('N/A');
    expect(progressFraction({ tasks_done: 5, total_task: 10 })).toBe(0.5);
    expect(progressFraction({ tasks_done: 0, total_task: null })).toBeNull();
  });
  it('is preparing until a running run has done its first task; an ended run never is', () => {
    expect(isScanPreparing({ status: 'running', tasks_done: 0, total_task: 4 })).toBe(true);
    expect(isScanPreparing({ status: 'initializing', tasks_done: 0, total_task: null })).toBe(true);
    expect(isScanPreparing({ status: 'running', tasks_done: 1, total_task: 4 })).toBe(false);
    expect(isScanPreparing({ status: 'finished', tasks_done: 0, total_task: 0 })).toBe(false);
    expect(isScanPreparing({ status: 'failed', tasks_done: 0, total_task: 4 })).toBe(false);
  });
  it('offers Cancel only while running, and redirects after finished or failed', () => {
    expect(
      ['initializing', 'running', 'finished', 'failed', 'cancelled'].filter((s) => canCancelScan(s as never)),
    ).toEqual(['running']);
    expect(scanRedirect('finished', 'a b')).toEqual({ to: '/scans/a%20b', afterMs: 2000 });
    expect(scanRedirect('failed', 'x')).toEqual({ to: '/scans', afterMs: 2000 });
    expect(scanRedirect('cancelled', 'x')).toBeNull();
  });
});

describe('severities', () => {
  it('counts unknown as info and keeps what templates give', () => {
    expect(countSeverities(['critical', 'unknown', 'info', 'low'])).toEqual({
      critical: 1,
      high: 0,
      medium: 0,
      low: 1,
      info: 2,
    });
    expect(normalizeSeverity('HIGH')).toBe('high');
    expect(normalizeSeverity('weird')).toBe('unknown');
    expect(severitiesAtLeast('high')).toEqual(['high', 'critical']);
  });
});

describe('scan forms (spec §5)', () => {
  it('needs a name, a group and something to run', () => {
    const errors = validateScanForm({ name: ' ', assetGroup: null, templateIds: [], templateTags: [] });
    expect(errors.name?.en).toBe('Scan name is required.');
    expect(errors.asset_group?.en).toBe('Select an asset group.');
    expect(errors.templates?.fa).toBe('دست‌کم یک قالب یا برچسب انتخاب کنید.');
    expect(validateScanForm({ name: 'n', assetGroup: 'g', templateIds: [], templateTags: ['git'] })).toEqual(
      {},
    );
    expect(validateBulkScanForm({ name: '', templateIds: ['a'], templateTags: [] }).name?.en).toBe(
      'Name is required',
    );
  });
});

describe('startBulkScan (spec §7, §8)', () => {
  const body = { name: 'n', asset_groups: ['g'], template_tags: ['x'] };
  it('uses the answer ids, or the first history when the answer has none', async () => {
    const histories = vi.fn().mockResolvedValue({ results: [{ id: 'h1' }] });
    expect(
      await startBulkScan(
        { bulkCreate: async () => ({ scan_id: 's', scan_history_id: 'h' }), histories },
        body,
      ),
    ).toEqual({ scanId: 's', historyId: 'h', skippedWildcards: 0 });
    expect(histories).not.toHaveBeenCalled();
    expect(await startBulkScan({ bulkCreate: async () => ({ scan_id: 's' }), histories }, body)).toEqual({
      scanId: 's',
      historyId: 'h1',
      skippedWildcards: 0,
    });
  });
  it('passes on how many wildcard records the server left out', async () => {
    const histories = vi.fn();
    const bulkCreate = async () => ({ scan_id: 's', scan_history_id: 'h', skipped_wildcards: 2 });
    expect(await startBulkScan({ bulkCreate, histories }, body)).toEqual({
      scanId: 's',
      historyId: 'h',
      skippedWildcards: 2,
    });
  });
  it('fails with the §8 messages', async () => {
    const none = {
      bulkCreate: async () => ({ scan_id: '' }),
      histories: async () => ({ results: [] }) as never,
    };
    await expect(startBulkScan(none, body)).rejects.toThrow('No scan ID returned from bulk scan creation');
    const noHistory = {
      bulkCreate: async () => ({ scan_id: 's' }),
      histories: async () => ({ results: [] }) as never,
    };
    await expect(startBulkScan(noHistory, body, 'en')).rejects.toBeInstanceOf(ApiError);
    await expect(startBulkScan(noHistory, body, 'en')).rejects.toThrow('Could not retrieve scan history ID');
  });
});
