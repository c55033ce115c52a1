import { type AssetGroup, translate } from '@didban/core';
import { describe, expect, it } from 'vitest';
import {
  groupFormBody,
  initialGroupForm,
  toLocalInput,
  validateGroupForm,
} from '../src/pages/assets/groups/group-form-state';

const form = (patch: Partial<ReturnType<typeof initialGroupForm>> = {}) => ({
  ...initialGroupForm(),
  name: 'Shop',
  roots: 'shop.example\n203.0.113.0/28',
  ...patch,
});

describe('asset group wizard validation (spec §5)', () => {
  it('says the name and roots are required, in both languages', () => {
    const blank = { ...initialGroupForm() };
    expect(validateGroupForm(blank, 'en')).toEqual({
      name: ['Asset Group Name is required.'],
      roots: ['At least one root domain or IP is required.'],
    });
    expect(validateGroupForm(blank, 'fa').name).toEqual(['نام گروه دارایی الزامی است.']);
  });
  it('names each entry that is not a domain or IP/CIDR', () => {
    const errors = validateGroupForm(form({ roots: 'ok.example\nnot a domain!' }), 'en');
    expect(errors.roots).toEqual(['not a domain! is not a valid domain or IP/CIDR.']);
  });
  it('wants custom ports only when the custom range is chosen', () => {
    expect(validateGroupForm(form({ portSetting: 'custom', customPorts: ' ' }), 'en').customPorts).toEqual([
      'Custom ports cannot be empty.',
    ]);
    expect(validateGroupForm(form({ portSetting: 'top-1000', customPorts: '' }), 'en')).toEqual({});
  });
  it('asks for weekdays on a custom schedule and a start for any repeat (the server rules)', () => {
    expect(validateGroupForm(form({ frequency: 'custom' }), 'fa')).toEqual({
      weekdays: [translate('assets.schedule_weekdays_required', 'fa')],
      startTime: [translate('assets.schedule_start_required', 'fa')],
    });
    expect(validateGroupForm(form({ frequency: 'weekly', startTime: '2026-12-01T09:30' }), 'en')).toEqual({});
  });
});

describe('asset group wizard body', () => {
  it('sends roots one per line without blanks, scope lists, and no ports unless custom', () => {
    const body = groupFormBody(
      form({
        name: '  Shop  ',
        roots: ' shop.example \n\n api.shop.example\n',
        scopeInclude: '*.shop.example\n',
        scopeExclude: '\ndev.shop.example',
        customPorts: '80',
      }),
    );
    expect(body).toMatchObject({
      name: 'Shop',
      roots: 'shop.example\napi.shop.example',
      scope_include: ['*.shop.example'],
      scope_exclude: ['dev.shop.example'],
      port_setting: 'top-100',
      custom_ports: null,
      auto_discovery: true,
      worker_group: null,
      scan_frequency: 'none',
      custom_weekdays: [],
      start_time: null,
    });
  });
  it('keeps sorted weekdays only for a custom schedule and sends the start as an instant', () => {
    const start = '2026-12-01T09:30';
    const body = groupFormBody(form({ frequency: 'custom', weekdays: [5, 1, 3], startTime: start }));
    expect(body.custom_weekdays).toEqual([1, 3, 5]);
    expect(body.start_time).toBe(new Date(start).toISOString());
    expect(
      groupFormBody(form({ frequency: 'daily', weekdays: [2], startTime: start })).custom_weekdays,
    ).toEqual([]);
  });
  it('fills the edit form from a stored group and gives back the same settings', () => {
    const group: AssetGroup = {
      id: 'g1',
      name: 'Lab',
      roots: ['lab.example', '10.0.0.0/30'],
      scope: { include: ['*.lab.example'], exclude: [] },
      port_setting: 'custom',
      custom_ports: '80,443',
      auto_discovery: false,
      worker_group: 'w1',
      scan_frequency: 'custom',
      custom_weekdays: [0, 6],
      start_time: '2026-12-01T08:00:00.000Z',
      asset_count: 3,
      duration: 12.5,
      status: 'finished',
      last_updated: '2026-12-01T08:00:00.000Z',
      created_at: '2026-12-01T08:00:00.000Z',
      enumeration: { enumeration_id: 'g1' },
    };
    const filled = initialGroupForm(group);
    expect(filled.startTime).toBe(toLocalInput(group.start_time));
    expect(groupFormBody(filled)).toEqual({
      name: 'Lab',
      roots: 'lab.example\n10.0.0.0/30',
      scope_include: ['*.lab.example'],
      scope_exclude: [],
      port_setting: 'custom',
      custom_ports: '80,443',
      auto_discovery: false,
      worker_group: 'w1',
      scan_frequency: 'custom',
      custom_weekdays: [0, 6],
      start_time: '2026-12-01T08:00:00.000Z',
    });
  });
});
