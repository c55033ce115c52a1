import {
  type AssetGroup,
  type AssetGroupWriteInput,
  type ENUMERATION_FREQUENCIES,
  type Lang,
  translate,
  validateAssetGroupForm,
} from '@didban/core';

export type Frequency = (typeof ENUMERATION_FREQUENCIES)[number];
export type PortSetting = AssetGroupWriteInput['port_setting'] & string;

/** What the create/edit wizard holds while the user types (texts as typed, one entry per line). */
export type GroupFormState = {
  name: string;
  roots: string;
  scopeInclude: string;
  scopeExclude: string;
  portSetting: PortSetting;
  customPorts: string;
  autoDiscovery: boolean;
  frequency: Frequency;
  /** 0 = Sunday … 6 = Saturday (the server's numbering). */
  weekdays: number[];
  /** A `datetime-local` value (the reader's clock), '' when none. */
  startTime: string;
  workerGroup: string | null;
};

export type GroupFormField = 'name' | 'roots' | 'customPorts' | 'weekdays' | 'startTime';
export type GroupFormErrors = Partial<Record<GroupFormField, string[]>>;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the reader's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A fresh wizard, or one filled from the group being edited. */
export function initialGroupForm(group?: AssetGroup | null): GroupFormState {
  if (!group) {
    return {
      name: '',
      roots: '',
      scopeInclude: '',
      scopeExclude: '',
      portSetting: 'top-100',
      customPorts: '',
      autoDiscovery: true,
      frequency: 'none',
      weekdays: [],
      startTime: '',
      workerGroup: null,
    };
  }
  return {
    name: group.name,
    roots: group.roots.join('\n'),
    scopeInclude: group.scope.include.join('\n'),
    scopeExclude: group.scope.exclude.join('\n'),
    portSetting: group.port_setting,
    customPorts: group.custom_ports ?? '',
    autoDiscovery: group.auto_discovery,
    frequency: group.scan_frequency,
    weekdays: [...group.custom_weekdays],
    startTime: toLocalInput(group.start_time),
    workerGroup: group.worker_group,
  };
}

/**
 * Step 1's messages in the reader's language: core's §5 rules for name, roots and custom ports,
 * and the schedule rules the server applies (weekdays for custom, a start for any repeat).
 */
export function validateGroupForm(form: GroupFormState, lang: Lang): GroupFormErrors {
  const core = validateAssetGroupForm({
    name: form.name,
    roots: form.roots,
    port_setting: form.portSetting,
    custom_ports: form.customPorts,
  });
  const errors: GroupFormErrors = {};
  if (core.name) errors.name = core.name.map((m) => m[lang]);
  if (core.roots) errors.roots = core.roots.map((m) => m[lang]);
  if (core.custom_ports) errors.customPorts = core.custom_ports.map((m) => m[lang]);
  if (form.frequency === 'custom' && form.weekdays.length === 0)
    errors.weekdays = [translate('assets.schedule_weekdays_required', lang)];
  if (form.frequency !== 'none' && !form.startTime)
    errors.startTime = [translate('assets.schedule_start_required', lang)];
  return errors;
}

/** The create/patch body: roots one per line, scope lists, ports only when custom, schedule only when set. */
export function groupFormBody(form: GroupFormState): AssetGroupWriteInput {
  const repeating = form.frequency !== 'none';
  const start = repeating && form.startTime ? new Date(form.startTime) : null;
  return {
    name: form.name.trim(),
    roots: lines(form.roots).join('\n'),
    scope_include: lines(form.scopeInclude),
    scope_exclude: lines(form.scopeExclude),
    port_setting: form.portSetting,
    custom_ports: form.portSetting === 'custom' ? form.customPorts.trim() : null,
    auto_discovery: form.autoDiscovery,
    worker_group: form.workerGroup,
    scan_frequency: form.frequency,
    custom_weekdays: form.frequency === 'custom' ? [...form.weekdays].sort((a, b) => a - b) : [],
    start_time: start && !Number.isNaN(start.getTime()) ? start.toISOString() : null,
  };
}
