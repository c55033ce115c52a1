import type { TicketMessage } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatDateTime } from '../../lib/format-date';
import { MessageAttachment } from './message-attachment';

/** Spec §6: my messages on my side (the end side); others' with the sender's name. */
export function MessageBubble({ message }: { message: TicketMessage }) {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const mine = message.is_mine;
  const sender = message.sender?.username ?? t('support.deletedUser');
  return (
    <li
      className={`flex max-w-[80%] flex-col gap-1 ${mine ? 'self-end items-end' : 'self-start items-start'}`}
      data-testid="message"
      data-mine={mine}
    >
      {mine ? null : (
        <p className="text-xs font-medium text-zinc-400" data-testid="message-sender">
          {sender}
          {message.sender_is_staff ? <span className="ms-1 text-brand-300">{t('support.staff')}</span> : null}
        </p>
      )}
      <div
        className={`flex flex-col gap-2 rounded-2xl px-4 py-2 text-sm ${
          mine ? 'bg-brand-700 text-white' : 'bg-zinc-800 text-zinc-100'
        }`}
      >
        {message.text ? (
          <p dir="auto" className="whitespace-pre-wrap break-words">
            {message.text}
          </p>
        ) : null}
        {message.media ? <MessageAttachment message={message} /> : null}
      </div>
      <time dateTime={message.created_at} className="text-[11px] text-zinc-500">
        {formatDateTime(message.created_at, lang)}
      </time>
    </li>
  );
}
