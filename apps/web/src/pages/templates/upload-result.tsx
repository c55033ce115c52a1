import type { TemplateUploadResult } from '@didban/core';
import { useTranslation } from 'react-i18next';

/** What an upload did (spec §2 upload): each file loaded, or failed with its reason. */
export function UploadResult({ result, onClose }: { result: TemplateUploadResult; onClose: () => void }) {
  const { t } = useTranslation('templates');
  return (
    <section
      aria-label={t('upload.result')}
      data-testid="upload-result"
      className="flex flex-col gap-2 rounded-lg border border-zinc-800 p-3 text-sm"
    >
      <div className="flex items-center justify-between">
        <span className="font-medium text-zinc-200">
          {t('upload.summary', { loaded: result.loaded.length, failed: result.failed.length })}
        </span>
        <button type="button" onClick={onClose} className="text-xs text-zinc-400 hover:text-white">
          {t('close')}
        </button>
      </div>
      {result.loaded.length ? (
        <ul className="flex flex-col gap-1">
          {result.loaded.map((item) => (
            <li key={item.id} className="text-emerald-300">
              ✓ <span dir="ltr">{item.file_name}</span> — {item.name}
            </li>
          ))}
        </ul>
      ) : null}
      {result.failed.length ? (
        <ul className="flex flex-col gap-1">
          {result.failed.map((item) => (
            <li key={item.file_name} className="text-red-300">
              ✗ <span dir="ltr">{item.file_name}</span>: <bdi>{item.reason}</bdi>
              {/* The reason already tells the first problem; list the others under it. */}
              {item.issues.length > 1 ? (
                <ul className="ms-4 text-xs text-red-400">
                  {item.issues.slice(1).map((issue) => (
                    <li key={`${issue.line}:${issue.column}:${issue.message}`}>
                      {t('issueAt', { line: issue.line, column: issue.column })} {issue.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
