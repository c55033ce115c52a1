import type { Scan } from '@didban/core';
import { translate } from '@didban/core';
import { describe, expect, it } from 'vitest';
import {
  createScanBody,
  fromLocalInput,
  initialScanForm,
  patchScanBody,
  type ScanFormState,
  scheduleBody,
  scheduleChange,
  toLocalInput,
  validateScanFormState,
} from '../src/pages/scans/form/scan-form-state';

const filled = (patch: Partial<ScanFormState> = {}): ScanFormState => ({
  ...initialScanForm(),
  name: ' Nightly shop ',
  assetGroup: 'g-1',
  templateTags: ['exposure'],
  ...patch,
});

describe('the scan form (spec §3, §5)', () => {
  it('says the §5 messages for an empty form, in en and fa', () => {
    for (const lang of ['en', 'fa'] as const) {
      expect(validateScanFormState(initialScanForm(), lang)).toEqual({
        name: translate('scans.name_required', lang),
        asset_group: translate('scans.group_required', lang),
        templates: translate('scans.templates_required', lang),
      });
    }
    expect(translate('scans.name_required', 'en')).toBe('Scan name is required.');
    expect(validateScanFormState(filled(), 'en')).toEqual({});
  });

  it('asks for weekdays only for a custom schedule', () => {
    expect(validateScanFormState(filled({ frequency: 'custom' }), 'en')).toEqual({
      weekdays: translate('scans.schedule_weekdays_required', 'en'),
    });
    expect(validateScanFormState(filled({ frequency: 'custom', weekdays: [2] }), 'en')).toEqual({});
    expect(validateScanFormState(filled({ frequency: 'weekly' }), 'en')).toEqual({});
  });

  it('sends the group as a list of one, no schedule fields, and run_now false only when scheduled', () => {
    expect(createScanBody(filled())).toEqual({
      name: 'Nightly shop',
      asset_group: ['g-1'],
      template_ids: [],
      template_tags: ['exposure'],
      worker_group: null,
      self_contained: false,
      dast: false,
      run_now: true,
    });
    expect(createScanBody(filled({ frequency: 'daily', workerGroup: 'w-1' }))).toMatchObject({
      run_now: false,
      worker_group: 'w-1',
    });
    expect('run_now' in patchScanBody(filled())).toBe(false);
  });

  it('sends the self-contained opt-in as ticked, off by default and as the scan had it when edited', () => {
    expect(initialScanForm().selfContained).toBe(false);
    expect(createScanBody(filled({ selfContained: true }))).toMatchObject({ self_contained: true });
    expect(patchScanBody(filled({ selfContained: true }))).toMatchObject({ self_contained: true });
    expect(
      initialScanForm({ ...({} as Scan), template_ids: [], template_tags: [], self_contained: true })
        .selfContained,
    ).toBe(true);
  });

  it('sends the DAST opt-in as ticked, off by default and as the scan had it when edited (issue 30)', () => {
    expect(initialScanForm().dast).toBe(false);
    expect(createScanBody(filled({ dast: true }))).toMatchObject({ dast: true });
    expect(createScanBody(filled())).toMatchObject({ dast: false });
    expect(patchScanBody(filled({ dast: true }))).toMatchObject({ dast: true });
    expect(initialScanForm({ ...({} as Scan), template_ids: [], template_tags: [], dast: true }).dast).toBe(
      true,
    );
  });

  it('builds the schedule: sorted weekdays for custom only, the start as an ISO instant', () => {
    const start = '2026-12-01T09:30';
    expect(scheduleBody(filled({ frequency: 'custom', weekdays: [5, 1, 3], startTime: start }))).toEqual({
      frequency: 'custom',
      custom_weekdays: [1, 3, 5],
      start_time: new Date(start).toISOString(),
    });
    expect(scheduleBody(filled({ frequency: 'weekly', weekdays: [5] })).custom_weekdays).toEqual([]);
    expect(scheduleBody(filled({ frequency: 'none', startTime: start })).start_time).toBeNull();
    expect(toLocalInput(fromLocalInput(start))).toBe(start);
    expect(fromLocalInput('')).toBeNull();
  });

  it('patches an existing schedule, creates one when first picked, or leaves it alone', () => {
    const schedule = {
      id: 's-1',
      scan: 'x',
      frequency: 'daily' as const,
      custom_weekdays: [],
      start_time: null,
      next_run_at: null,
      last_run_at: null,
    };
    expect(scheduleChange({ id: 'x', schedule }, filled({ frequency: 'none' }))).toEqual({
      kind: 'update',
      id: 's-1',
      body: { frequency: 'none', custom_weekdays: [], start_time: null },
    });
    expect(scheduleChange({ id: 'x', schedule: null }, filled({ frequency: 'monthly' }))).toEqual({
      kind: 'create',
    });
    expect(scheduleChange({ id: 'x', schedule: null }, filled())).toEqual({ kind: 'none' });
  });
});
