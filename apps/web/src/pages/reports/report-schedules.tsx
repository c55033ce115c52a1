import type { ReportCadence, ReportFormat, ReportPreset } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { reportText } from '../../components/reports/reports-text';
import {
  useEmailChannels,
  useReportSchedules,
  useScheduleMutations,
} from '../../components/reports/use-reports';
import { Button } from '../../components/ui/button';
import { LoadFailed } from '../../components/ui/query-state';
import { SelectField } from '../../components/ui/select-field';
import { useLang } from '../../hooks/use-lang';
import { useCanManageWorkers } from '../../hooks/use-workers';
import { errorText, fieldErrorsOf } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-date';
import { snackbarStore } from '../../lib/snackbar-store';
import { PATHS } from '../../routes/paths';

const card = 'rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6';

/**
 * Weekly or monthly workspace reports mailed through an email alert channel. Members read the
 * list; admins and the owner add and stop them (as they manage the channels).
 */
export function ReportSchedules() {
  const lang = useLang();
  const t = reportText(lang);
  const schedules = useReportSchedules();
  const { canManage, readOnly } = useCanManageWorkers();
  const channels = useEmailChannels(canManage);
  const m = useScheduleMutations();
  const nameOf = new Map((channels.data ?? []).map((c) => [c.id, c.name]));

  return (
    <section className={card} aria-labelledby="report-schedules">
      <h2 id="report-schedules" className="font-semibold">
        {t('schedules')}
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{t('schedulesIntro')}</p>
      {readOnly ? <p className="mt-2 text-xs text-zinc-500">{t('schedulesReadOnly')}</p> : null}
      {schedules.data === undefined && schedules.isError ? (
        <LoadFailed error={schedules.error} retry={schedules.refetch} retrying={schedules.isFetching} />
      ) : schedules.data?.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-500">{t('schedulesEmpty')}</p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-zinc-800" data-testid="report-schedules">
          {(schedules.data ?? []).map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm">
                  {t(`cadence.${s.cadence}`)} · {t(`preset.${s.preset}`)} · {s.format.toUpperCase()} ·{' '}
                  {t(`lang.${s.lang}`)}
                  {nameOf.get(s.channel_id) ? (
                    <>
                      {' '}
                      · <bdi>{nameOf.get(s.channel_id)}</bdi>
                    </>
                  ) : null}
                </p>
                <p className="mt-1 text-xs text-zinc-500">
                  {s.next_run_at ? t('nextRun', { date: formatDateTime(s.next_run_at, lang) }) : ''}
                  {s.last_run_at ? ` · ${t('lastRun', { date: formatDateTime(s.last_run_at, lang) })}` : ''}
                </p>
              </div>
              {canManage ? (
                <Button
                  variant="ghost"
                  disabled={m.remove.isPending}
                  onClick={() =>
                    m.remove.mutate(s.id, {
                      onSuccess: () => snackbarStore.show(t('scheduleStopped'), 'success'),
                      onError: (error) => snackbarStore.show(errorText(error, lang), 'error'),
                    })
                  }
                >
                  {t('stopSchedule')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage && channels.data ? (
        channels.data.length === 0 ? (
          <p className="mt-4 text-sm text-amber-300">
            {t('noEmailChannel')}{' '}
            <Link to={PATHS.settingsAlerts} className="text-brand-300 hover:underline">
              {t('toAlerts')}
            </Link>
          </p>
        ) : (
          <ScheduleForm channels={channels.data} onAdd={m.create} />
        )
      ) : null}
    </section>
  );
}

function ScheduleForm({
  channels,
  onAdd,
}: {
  channels: { id: string; name: string }[];
  onAdd: ReturnType<typeof useScheduleMutations>['create'];
}) {
  const lang = useLang();
  const t = reportText(lang);
  const [channel, setChannel] = useState(channels[0]?.id ?? '');
  const [cadence, setCadence] = useState<ReportCadence>('weekly');
  const [preset, setPreset] = useState<ReportPreset>('executive');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [reportLang, setReportLang] = useState(lang);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd.mutate(
      { channel_id: channel, cadence, preset, format, lang: reportLang },
      {
        onSuccess: () => {
          setErrors({});
          snackbarStore.show(t('scheduleAdded'), 'success');
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error) ?? {});
          snackbarStore.show(errorText(error, lang), 'error');
        },
      },
    );
  };
  return (
    <form
      className="mt-4 grid gap-3 border-t border-zinc-800 pt-4 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
      onSubmit={submit}
      noValidate
      data-testid="report-schedule-form"
    >
      <SelectField
        label={t('channel')}
        value={channel}
        errors={errors.channel_id}
        onChange={(e) => setChannel(e.target.value)}
      >
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('cadence')}
        value={cadence}
        onChange={(e) => setCadence(e.target.value as ReportCadence)}
      >
        <option value="weekly">{t('cadence.weekly')}</option>
        <option value="monthly">{t('cadence.monthly')}</option>
      </SelectField>
      <SelectField
        label={t('preset')}
        value={preset}
        onChange={(e) => setPreset(e.target.value as ReportPreset)}
      >
        <option value="executive">{t('preset.executive')}</option>
        <option value="technical">{t('preset.technical')}</option>
      </SelectField>
      <SelectField
        label={t('format')}
        value={format}
        onChange={(e) => setFormat(e.target.value as ReportFormat)}
      >
        <option value="pdf">{t('format.pdf')}</option>
        <option value="html">HTML</option>
      </SelectField>
      <SelectField
        label={t('language')}
        value={reportLang}
        onChange={(e) => setReportLang(e.target.value === 'en' ? 'en' : 'fa')}
      >
        <option value="fa">{t('lang.fa')}</option>
        <option value="en">{t('lang.en')}</option>
      </SelectField>
      <Button type="submit" disabled={onAdd.isPending || !channel}>
        {t('addSchedule')}
      </Button>
    </form>
  );
}
