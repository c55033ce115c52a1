import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useComposer } from '../../hooks/use-composer';
import { useSendMessage } from '../../hooks/use-support';
import { Button } from '../ui/button';

/** Enter sends, Shift+Enter starts a new line; a chosen file replaces the text (spec §5). */
export function Composer({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation(['settings', 'shared']);
  const composer = useComposer();
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage(ticketId, () => {
    composer.clear();
    if (fileInput.current) fileInput.current.value = '';
  });

  const submit = () => {
    if (composer.message && !send.isPending) send.mutate(composer.message);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const dropFile = () => {
    composer.chooseFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <form
      className="mt-4 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={t('support.composer')}
    >
      {composer.file ? (
        <div className="flex items-center gap-2 self-start rounded-lg bg-zinc-800 px-3 py-1.5 text-sm">
          <span dir="auto" data-testid="chosen-file">
            {composer.file.name}
          </span>
          <button
            type="button"
            onClick={dropFile}
            className="text-zinc-400 hover:text-zinc-100"
            aria-label={t('support.removeFile')}
          >
            ×
          </button>
        </div>
      ) : null}
      {/* On a phone the box takes the whole line and the buttons go under it. */}
      <div className="flex flex-wrap items-end gap-2">
        <textarea
          value={composer.text}
          onChange={(e) => composer.setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={composer.file !== null}
          rows={2}
          // 'auto' follows what is typed; empty, the box keeps the page's direction for the hint.
          dir={composer.text ? 'auto' : undefined}
          aria-label={t('support.messageLabel')}
          placeholder={t(composer.file ? 'support.fileChosen' : 'support.messagePlaceholder')}
          className="min-h-12 flex-1 basis-full resize-y sm:basis-0 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 disabled:opacity-50"
        />
        <label className="cursor-pointer rounded-lg border border-zinc-700 px-3 py-2 text-sm text-zinc-300 hover:bg-zinc-800">
          {t('support.attach')}
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            onChange={(e) => {
              if (!composer.chooseFile(e.target.files?.[0] ?? null)) e.target.value = '';
            }}
            data-testid="attach-input"
          />
        </label>
        <Button type="submit" disabled={!composer.canSend || send.isPending}>
          {send.isPending ? t('shared:sending') : t('shared:send')}
        </Button>
      </div>
    </form>
  );
}
