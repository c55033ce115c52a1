import {
  type FieldErrors,
  formatNumber,
  PRESET_SECTIONS,
  REPORT_SECTIONS,
  type Report,
  type ReportFormat,
  type ReportPreset,
  type ReportSection,
} from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../hooks/use-lang';
import { errorText, fieldErrorsOf } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { PATHS } from '../../routes/paths';
import { Button } from '../ui/button';
import { FormActions } from '../ui/form-dialog';
import { Modal } from '../ui/modal';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { type ReportFilters, type ReportScope, scopeFields } from './report-scope';
import { reportText } from './reports-text';
import { useCreateReport, useDownloadReport, useReport } from './use-reports';

/**
 * The Report dialog (issue 33): the scope it was opened for (a scan run, an asset group, or the
 * whole workspace between two dates), with the vulnerability list's filters when it came from
 * there; preset, sections, format and language. Once queued it follows the report's progress and
 * offers the file when it is ready.
 */
export function ReportDialog({
  open,
  onClose,
  scope,
  filters,
}: {
  open: boolean;
  onClose: () => void;
  scope: ReportScope;
  filters?: ReportFilters | undefined;
}) {
  const lang = useLang();
  const t = reportText(lang);
  const [queued, setQueued] = useState<string | null>(null);
  const close = () => {
    setQueued(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={t('dialogTitle')}>
      {queued ? (
        <ReportProgress id={queued} onClose={close} />
      ) : (
        <ReportForm scope={scope} filters={filters} onQueued={setQueued} onCancel={close} />
      )}
    </Modal>
  );
}

function ReportForm({
  scope,
  filters,
  onQueued,
  onCancel,
}: {
  scope: ReportScope;
  filters: ReportFilters | undefined;
  onQueued: (id: string) => void;
  onCancel: () => void;
}) {
  const lang = useLang();
  const t = reportText(lang);
  const { t: ts } = useTranslation('scans');
  const [preset, setPreset] = useState<ReportPreset>('technical');
  const [sections, setSections] = useState<ReportSection[]>([...PRESET_SECTIONS.technical]);
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [reportLang, setReportLang] = useState(lang);
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateReport();

  const choosePreset = (next: ReportPreset) => {
    setPreset(next);
    setSections([...PRESET_SECTIONS[next]]);
  };
  const toggle = (s: ReportSection) =>
    setSections((current) => (current.includes(s) ? current.filter((x) => x !== s) : [...current, s]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sections.length) {
      setErrors({ sections: [t('sectionsNone')] });
      return;
    }
    create.mutate(
      {
        ...scopeFields(scope, filters),
        ...(scope.kind === 'workspace' && since ? { since } : {}),
        ...(scope.kind === 'workspace' && until ? { until } : {}),
        preset,
        sections: REPORT_SECTIONS.filter((s) => sections.includes(s)),
        format,
        lang: reportLang,
      },
      {
        onSuccess: (report) => onQueued(report.id),
        onError: (error) => {
          setErrors(fieldErrorsOf(error) ?? {});
          snackbarStore.show(errorText(error, lang, t('createFailed')), 'error');
        },
      },
    );
  };

  const scopeLine =
    scope.kind === 'workspace'
      ? t('scope.workspace')
      : `${t(`scope.${scope.kind}`)}${scope.label ? `: ${scope.label}` : ''}`;
  const filterParts = [
    filters?.severity?.length
      ? `${t('filterSeverity')}: ${filters.severity.map((s) => ts(`severity.${s}`)).join(lang === 'fa' ? '، ' : ', ')}`
      : '',
    filters?.status?.length
      ? `${t('filterStatus')}: ${filters.status.map((s) => ts(`vuln.status.${s}`)).join(lang === 'fa' ? '، ' : ', ')}`
      : '',
    filters?.search?.trim() ? `${t('filterSearch')}: “${filters.search.trim()}”` : '',
  ].filter(Boolean);

  return (
    <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate data-testid="report-form">
      <div className="rounded-lg border border-zinc-800 bg-zinc-950/50 p-3 text-sm">
        <p className="text-xs text-zinc-500">{t('scope')}</p>
        <p className="mt-1 break-words" data-testid="report-scope">
          <bdi>{scopeLine}</bdi>
        </p>
        {filterParts.length ? (
          <p className="mt-1 text-xs text-zinc-400" data-testid="report-filters">
            {t('filters')} —{' '}
            {filterParts.map((p) => (
              <bdi key={p} className="me-2">
                {p}
              </bdi>
            ))}
          </p>
        ) : null}
        {errors.history_id || errors.group_id ? (
          <p role="alert" className="mt-1 text-xs text-red-400">
            {(errors.history_id ?? errors.group_id)![0]}
          </p>
        ) : null}
      </div>
      {scope.kind === 'workspace' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('since')}
            type="date"
            name="since"
            value={since}
            errors={errors.since}
            onChange={(e) => setSince(e.target.value)}
          />
          <TextField
            label={t('until')}
            type="date"
            name="until"
            value={until}
            errors={errors.until}
            onChange={(e) => setUntil(e.target.value)}
          />
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-zinc-300">{t('preset')}</legend>
        {(['technical', 'executive'] as const).map((p) => (
          <div key={p} className="flex items-start gap-2 text-sm">
            <input
              id={`report-preset-${p}`}
              type="radio"
              name="preset"
              className="mt-1"
              checked={preset === p}
              aria-describedby={`report-preset-${p}-hint`}
              onChange={() => choosePreset(p)}
            />
            <div>
              <label htmlFor={`report-preset-${p}`} className="font-medium">
                {t(`preset.${p}`)}
              </label>
              <p id={`report-preset-${p}-hint`} className="text-xs text-zinc-500">
                {t(`presetHint.${p}`)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-zinc-300">{t('sections')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {REPORT_SECTIONS.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={sections.includes(s)} onChange={() => toggle(s)} />
              {t(`section.${s}`)}
            </label>
          ))}
        </div>
        {errors.sections?.length ? (
          <p role="alert" className="mt-1 text-xs text-red-400" data-field-error>
            {errors.sections[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('format')}
          name="format"
          value={format}
          errors={errors.format}
          onChange={(e) => setFormat(e.target.value as ReportFormat)}
        >
          <option value="pdf">{t('format.pdf')}</option>
          <option value="html">{t('format.html')}</option>
        </SelectField>
        <SelectField
          label={t('language')}
          name="lang"
          value={reportLang}
          errors={errors.lang}
          onChange={(e) => setReportLang(e.target.value === 'en' ? 'en' : 'fa')}
        >
          <option value="fa">{t('lang.fa')}</option>
          <option value="en">{t('lang.en')}</option>
        </SelectField>
      </div>
      <FormActions
        onCancel={onCancel}
        submitLabel={create.isPending ? t('generating') : t('generate')}
        pending={create.isPending}
      />
    </form>
  );
}

/** A queued report's progress, then its download (or why it failed). */
function ReportProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const lang = useLang();
  const t = reportText(lang);
  const report = useReport(id);
  const download = useDownloadReport();
  const r = report.data;
  return (
    <div className="mt-5 flex flex-col gap-4" data-testid="report-progress">
      {r ? <ReportStatusLine report={r} /> : <p className="text-sm text-zinc-400">{t('generating')}</p>}
      {r?.status === 'done' ? (
        <p className="text-sm text-emerald-300">{t('ready')}</p>
      ) : r?.status === 'failed' ? null : (
        <p className="text-xs text-zinc-500">{t('queued')}</p>
      )}
      {report.isError ? (
        <p role="alert" className="text-sm text-red-400">
          {errorText(report.error, lang)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={PATHS.reports} className="text-sm text-brand-300 hover:underline" onClick={onClose}>
          {t('openReports')}
        </Link>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          {r?.status === 'done' ? (
            <Button
              disabled={download.isPending}
              data-testid="report-download"
              onClick={() =>
                download.mutate(r, {
                  onError: (error) =>
                    snackbarStore.show(errorText(error, lang, t('downloadFailed')), 'error'),
                })
              }
            >
              {t('downloadAs', { format: r.format.toUpperCase() })}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Queued / Generating n% (with a bar) / Ready / Failed and the reason. */
export function ReportStatusLine({ report }: { report: Report }) {
  const lang = useLang();
  const t = reportText(lang);
  const tone =
    report.status === 'done'
      ? 'text-emerald-300'
      : report.status === 'failed'
        ? 'text-red-300'
        : 'text-sky-300';
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="report-status" data-status={report.status}>
      <span className={`text-sm ${tone}`}>
        {report.status === 'running'
          ? t('status.running', { n: formatNumber(report.progress, lang) })
          : t(`status.${report.status}`)}
      </span>
      {report.status === 'running' || report.status === 'queued' ? (
        <div
          className="h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-zinc-800"
          role="progressbar"
          aria-label={t('progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={report.progress}
        >
          <div className="h-full bg-sky-500 transition-all" style={{ width: `${report.progress}%` }} />
        </div>
      ) : null}
      {report.status === 'failed' && report.error ? (
        <span className="break-words text-xs text-red-400" dir="auto">
          {report.error}
        </span>
      ) : null}
    </div>
  );
}
