import type { TemplateItem, TemplateUploadResult } from '@didban/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useLang } from '../../hooks/use-lang';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { NEW_TEMPLATE } from './new-template';
import { ScanPanel } from './scan-panel';
import { templateIssues } from './template-issues';
import { TemplateList } from './template-list';
import { UploadResult } from './upload-result';
import { TEMPLATE_KEYS, useTemplate } from './use-templates';

// CodeMirror is its own chunk: the sign-in route never loads it.
const YamlEditor = lazy(() => import('./yaml-editor'));

type SaveState = 'saved' | 'unsaved' | 'saving';

/**
 * /templates (spec §2, full width): my and public templates with filters, new, upload, the YAML
 * editor with live validation and saved / unsaved / saving state, and scan now.
 */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const lang = useLang();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<TemplateItem | null>(null);
  const detail = useTemplate(selected?.id ?? null);
  const [text, setText] = useState(NEW_TEMPLATE);
  /** The text as last saved (or loaded); null for a template never saved. */
  const [baseline, setBaseline] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploadResult, setUploadResult] = useState<TemplateUploadResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // A picked template fills the editor once its YAML arrives.
  useEffect(() => {
    if (detail.data && detail.data.id === selected?.id) {
      setText(detail.data.yaml);
      setBaseline(detail.data.yaml);
    }
  }, [detail.data, selected?.id]);

  const issues = useMemo(() => templateIssues(text), [text]);
  const errors = issues.filter((i) => i.severity === 'error');
  const isPublic = selected?.source === 'public';
  const state: SaveState = saving ? 'saving' : baseline !== null && baseline === text ? 'saved' : 'unsaved';

  /** Leaving edits behind asks first; saved text and the untouched starter leave quietly. */
  const mayLeave = () => text === (baseline ?? NEW_TEMPLATE) || window.confirm(t('discardConfirm'));

  const pick = (item: TemplateItem) => {
    if (item.id !== selected?.id && mayLeave()) setSelected(item);
  };

  const startNew = () => {
    if (!mayLeave()) return;
    setSelected(null);
    setText(NEW_TEMPLATE);
    setBaseline(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      // A public template is read-only: saving it makes it one of mine.
      const saved =
        selected && !isPublic
          ? await api.templates.update(selected.id, { yaml: text })
          : await api.templates.create({ yaml: text });
      setSelected(saved);
      setBaseline(saved.yaml);
      queryClient.setQueryData(TEMPLATE_KEYS.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['templates', 'list'] });
      snackbarStore.show(t('saved'), 'success');
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('saveFailed')), 'error');
    } finally {
      setSaving(false);
    }
  };

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    try {
      const result = await api.templates.upload([...files].map((f) => ({ name: f.name, content: f })));
      setUploadResult(result);
      await queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.all });
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('upload.failed')), 'error');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-sm text-zinc-400">{t('intro')}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={startNew}>
            {t('new')}
          </Button>
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            {t('upload.button')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".yaml,.yml"
            multiple
            hidden
            data-testid="template-upload-input"
            onChange={(e) => void upload(e.target.files)}
          />
        </div>
      </header>
      {uploadResult ? <UploadResult result={uploadResult} onClose={() => setUploadResult(null)} /> : null}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <TemplateList selectedId={selected?.id ?? null} onSelect={pick} />
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-3">
              <span className="text-sm font-medium text-zinc-200">
                {selected ? selected.name : t('newTemplate')}
              </span>
              {isPublic ? <span className="text-xs text-zinc-500">{t('publicNote')}</span> : null}
              <span data-testid="save-state" data-state={state} className="text-xs text-zinc-400">
                {t(`state.${state}`)}
              </span>
            </div>
            <Button onClick={() => void save()} disabled={saving || errors.length > 0 || state === 'saved'}>
              {saving ? t('saving') : isPublic ? t('saveCopy') : t('save')}
            </Button>
          </div>
          <Suspense
            fallback={
              <div className="min-h-[420px] rounded-lg border border-zinc-800 p-4 text-sm text-zinc-500">
                {t('loading')}
              </div>
            }
          >
            <YamlEditor value={text} onChange={setText} label={t('editorLabel')} />
          </Suspense>
          <div aria-live="polite" data-testid="template-issues">
            {issues.length === 0 ? (
              <p className="text-xs text-emerald-400">{t('valid')}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {issues.map((issue) => (
                  <li
                    key={`${issue.line}:${issue.column}:${issue.message}`}
                    data-line={issue.line}
                    className={`text-xs ${issue.severity === 'error' ? 'text-red-400' : 'text-amber-400'}`}
                  >
                    {t('issueAt', { line: issue.line, column: issue.column })}{' '}
                    <span dir="ltr">{issue.message}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ScanPanel yaml={text} canRun={errors.length === 0 && text.trim().length > 0} />
        </div>
      </div>
    </div>
  );
}
