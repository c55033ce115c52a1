import { cleanFileName, type TicketMessage } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { downloadAttachment, useAttachmentUrl } from '../../hooks/use-support';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';

/** Pictures inline; anything else as a download link (both fetched with the session's token). */
export function MessageAttachment({ message }: { message: TicketMessage }) {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const isImage = message.message_type === 'image';
  const image = useAttachmentUrl(message.media, isImage);
  // Core's one rule for shown file names (no bidi tricks), also for names stored before it.
  const name = message.file_name ? cleanFileName(message.file_name) : t('support.attachment');
  if (!message.media) return null;

  if (isImage) {
    if (image.isError) return <p className="text-xs text-red-300">{t('support.attachmentFailed')}</p>;
    return image.url ? (
      <img src={image.url} alt={name} className="max-h-72 max-w-full rounded-lg" />
    ) : (
      <div className="h-32 w-48 animate-pulse rounded-lg bg-zinc-800">
        <span className="sr-only">{t('support.loadingAttachment')}</span>
      </div>
    );
  }
  const download = () =>
    downloadAttachment(message.media ?? '', name).catch((error: unknown) =>
      snackbarStore.show(errorText(error, lang, t('support.attachmentFailed')), 'error'),
    );
  return (
    <button
      type="button"
      onClick={download}
      className="flex items-center gap-2 text-sm text-brand-300 underline"
    >
      <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true">
        <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <span dir="auto">{t('support.download', { name })}</span>
    </button>
  );
}
