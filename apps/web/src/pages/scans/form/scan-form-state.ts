import {
  type Lang,
  type Scan,
  type ScanCreateInput,
  type ScanFrequency,
  type ScanPatchInput,
  type ScanSchedulePatchInput,
  translate,
  validateScanForm,
} from '@didban/core';

/**
 * The new/edit scan form as plain data (spec §3 scan fields): what the user typed, the §5 checks
 * (from core, plus the custom schedule's weekdays), and the bodies of the calls it makes — the scan
 * itself (frequency, weekdays and start time are not part of it) and then its schedule.
 */
export type ScanFormState = {
  name: string;
  assetGroup: string;
  templateIds: string[];
  /** Names of the chosen templates, so chips read well before the list pages in. */
  templateNames: Record<string, string>;
  templateTags: string[];
  workerGroup: string;
  /** Open the self-contained capability gate for this scan's runs (third-party requests). */
  selfContained: boolean;
  /** A DAST scan: fuzz the endpoints discovery found on the scan's assets (issue 30). */
  dast: boolean;
  frequency: ScanFrequency;
  weekdays: number[];
  /** `<input type="datetime-local">` value (local time), or ''. */
  startTime: string;
};

export type ScanFormField = 'name' | 'asset_group' | 'templates' | 'weekdays';
export type ScanFormErrors = Partial<Record<ScanFormField, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant, or null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function initialScanForm(scan?: Scan | null): ScanFormState {
  return {
    name: scan?.name ?? '',
    assetGroup: scan?.asset_group ?? '',
    templateIds: scan ? [...scan.template_ids] : [],
    templateNames: {},
    templateTags: scan ? [...scan.template_tags] : [],
    workerGroup: scan?.worker_group ?? '',
    selfContained: scan?.self_contained ?? false,
    dast: scan?.dast ?? false,
    frequency: scan?.schedule?.frequency ?? 'none',
    weekdays: scan?.schedule ? [...scan.schedule.custom_weekdays] : [],
    startTime: toLocalInput(scan?.schedule?.start_time),
  };
}

/** Messages per field, in the reader's language; empty when the form may be sent. */
export function validateScanFormState(form: ScanFormState, lang: Lang): ScanFormErrors {
  const core = validateScanForm({
    name: form.name,
    assetGroup: form.assetGroup || null,
    templateIds: form.templateIds,
    templateTags: form.templateTags,
  });
  const errors: ScanFormErrors = {};
  if (core.name) errors.name = core.name[lang];
  if (core.asset_group) errors.asset_group = core.asset_group[lang];
  if (core.templates) errors.templates = core.templates[lang];
  if (form.frequency === 'custom' && form.weekdays.length === 0)
    errors.weekdays = translate('scans.schedule_weekdays_required', lang);
  return errors;
}

export const isScheduled = (form: ScanFormState) => form.frequency !== 'none';

/** `POST panel/scans/`: a first run at once only when no schedule was picked. */
export function createScanBody(form: ScanFormState): ScanCreateInput {
  return {
    name: form.name.trim(),
    asset_group: [form.assetGroup],
    template_ids: form.templateIds,
    template_tags: form.templateTags,
    worker_group: form.workerGroup || null,
    self_contained: form.selfContained,
    dast: form.dast,
    run_now: !isScheduled(form),
  };
}

/** `PATCH panel/scans/{id}/`. */
export function patchScanBody(form: ScanFormState): ScanPatchInput {
  const { run_now: _runNow, ...body } = createScanBody(form);
  return body;
}

/** The schedule part (`panel/scan-schedules/`); weekdays only for a custom one. */
export function scheduleBody(form: ScanFormState): Required<ScanSchedulePatchInput> {
  return {
    frequency: form.frequency,
    custom_weekdays: form.frequency === 'custom' ? [...form.weekdays].sort((a, b) => a - b) : [],
    start_time: form.frequency === 'none' ? null : fromLocalInput(form.startTime),
  };
}

/**
 * What saving an edit does to the schedule: patch the one there is, create one when a frequency
 * was picked for the first time, or nothing (no schedule, none wanted).
 */
export function scheduleChange(
  scan: Pick<Scan, 'id' | 'schedule'>,
  form: ScanFormState,
): { kind: 'update'; id: string; body: ScanSchedulePatchInput } | { kind: 'create' } | { kind: 'none' } {
  if (scan.schedule) return { kind: 'update', id: scan.schedule.id, body: scheduleBody(form) };
  return isScheduled(form) ? { kind: 'create' } : { kind: 'none' };
}
