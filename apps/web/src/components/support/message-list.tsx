import type { TicketMessage } from '@didban/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble } from './message-bubble';

// Older messages load once the reader is this close to the top.
const LOAD_OLDER_PX = 48;

/**
 * The conversation, newest at the bottom (spec §9). It opens scrolled to the bottom, follows new
 * messages, and keeps the reader's place when older ones are put above.
 */
export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: TicketMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation('settings');
  const box = useRef<HTMLDivElement>(null);
  const previous = useRef({ first: '', last: '', height: 0 });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.id ?? '';
    const last = messages[messages.length - 1]?.id ?? '';
    const before = previous.current;
    if (last !== before.last) el.scrollTop = el.scrollHeight;
    else if (first !== before.first) el.scrollTop += el.scrollHeight - before.height;
    previous.current = { first, last, height: el.scrollHeight };
  }, [messages]);

  const onScroll = () => {
    const el = box.current;
    if (el && el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div
      ref={box}
      onScroll={onScroll}
      className="h-[28rem] overflow-y-auto rounded-xl border border-zinc-800 bg-zinc-950/60 p-4"
      data-testid="message-list"
    >
      {loadingOlder ? (
        <p className="mb-3 text-center text-xs text-zinc-500">{t('support.loadingOlder')}</p>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-center text-sm text-zinc-500">{t('support.noMessages')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
      )}
    </div>
  );
}
