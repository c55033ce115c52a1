import { parseScanTargets } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useLang } from '../../hooks/use-lang';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { RunResults } from './run-results';
import { useTemplateRun } from './use-templates';

const fieldClass =
  'block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500';

/**
 * Target, target list and Scan now (spec §2): runs the editor's YAML as it is (saved or not) on
 * exactly the targets typed, then follows the run until it ends.
 */
export function ScanPanel({ yaml, canRun }: { yaml: string; canRun: boolean }) {
  const { t } = useTranslation('templates');
  const lang = useLang();
  const [target, setTarget] = useState('');
  const [targetList, setTargetList] = useState('');
  const [runId, setRunId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { snapshot, refresh } = useTemplateRun(runId);
  const run = snapshot?.data;
  const parsed = parseScanTargets([target, ...targetList.split(/[\n,]/)]);
  const active = run ? run.status === 'queued' || run.status === 'running' : !!runId;

  const start = async () => {
    if (parsed.invalid.length || parsed.targets.length === 0) return;
    setStarting(true);
    try {
      const answer = await api.templates.scanNow({ yaml, targets: parsed.targets });
      setRunId(answer.run_id);
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('scanFailed')), 'error');
    } finally {
      setStarting(false);
    }
  };

  const cancel = async () => {
    if (!runId) return;
    setCancelling(true);
    try {
      await api.templates.cancelRun(runId);
      snackbarStore.show(t('run.cancelSent'), 'success');
      refresh();
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('run.cancelFailed')), 'error');
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section
      aria-label={t('scan.title')}
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 p-4"
    >
      <h2 className="text-sm font-semibold text-zinc-200">{t('scan.title')}</h2>
      <div className="grid gap-3 md:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-300">
          {t('scan.target')}
          <input
            dir="ltr"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            placeholder="https://example.com"
            className={fieldClass}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-300">
          {t('scan.targetList')}
          <textarea
            dir="ltr"
            rows={3}
            value={targetList}
            onChange={(e) => setTargetList(e.target.value)}
            placeholder={'127.0.0.1:8080\nhttps://app.example.com/login'}
            className={fieldClass}
          />
        </label>
      </div>
      <p className="text-xs text-zinc-500">{t('scan.hint')}</p>
      {parsed.invalid.length ? (
        <p role="alert" className="text-xs text-red-400">
          {t('scan.badTargets', { targets: parsed.invalid.join(', ') })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => void start()}
          disabled={!canRun || starting || active || parsed.targets.length === 0 || parsed.invalid.length > 0}
        >
          {starting ? t('scan.starting') : t('scan.now')}
        </Button>
        {active ? (
          <Button variant="secondary" onClick={() => void cancel()} disabled={cancelling}>
            {t('run.cancel')}
          </Button>
        ) : null}
      </div>
      {!canRun ? <p className="text-xs text-zinc-500">{t('scan.fixFirst')}</p> : null}
      {run ? (
        <RunResults run={run} />
      ) : runId ? (
        <p className="text-sm text-zinc-400">{t('loading')}</p>
      ) : null}
    </section>
  );
}
