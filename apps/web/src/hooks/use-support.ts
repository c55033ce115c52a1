import type { TicketCreateInput, TicketMessageInput } from '@didban/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { useMutationWithFeedback } from './use-mutation-feedback';

const KEYS = {
  all: ['support'] as const,
  list: (page: number) => ['support', 'tickets', page] as const,
  types: ['support', 'types'] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  messages: (id: string) => ['support', 'ticket', id, 'messages'] as const,
  attachment: (media: string) => ['support', 'attachment', media] as const,
};

// A chat should show a reply without a reload; messages are cheap to ask for again.
const CHAT_REFRESH_MS = 10_000;

export function useTickets(page: number) {
  return useQuery({
    queryKey: KEYS.list(page),
    queryFn: () => api.support.list({ page }),
    placeholderData: keepPreviousData,
  });
}

export function useTicketTypes(enabled: boolean) {
  return useQuery({ queryKey: KEYS.types, queryFn: api.support.types, enabled });
}

export function useTicket(id: string) {
  return useQuery({ queryKey: KEYS.ticket(id), queryFn: () => api.support.get(id) });
}

/**
 * Spec §9: messages paged with the newest at the bottom. Page 1 is the newest page (each page
 * oldest first); `next_page` holds older messages, loaded when the reader scrolls up.
 */
export function useTicketMessages(id: string, live: boolean) {
  const query = useInfiniteQuery({
    queryKey: KEYS.messages(id),
    queryFn: ({ pageParam }) => api.support.messages(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
    refetchInterval: live ? CHAT_REFRESH_MS : false,
  });
  const all = query.data ? [...query.data.pages].reverse().flatMap((page) => page.results) : [];
  // Pages are offsets from the newest: a message sent between two page loads shifts the older
  // page by one, so the same message may come twice.
  const seen = new Set<string>();
  const messages = all.filter((m) => !seen.has(m.id) && seen.add(m.id));
  return { ...query, messages };
}

export function useCreateTicket(onCreated: (ticketId: string) => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((body: TicketCreateInput) => api.support.create(body), {
    success: t('support.created'),
    failure: t('support.createFailed'),
    invalidate: [KEYS.all],
    onSuccess: (ticket) => onCreated(ticket.id),
  });
}

export function useCloseTicket(id: string, onClosed: () => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback(() => api.support.close(id), {
    success: t('support.closed'),
    failure: t('support.closeFailed'),
    invalidate: [KEYS.all],
    onSuccess: onClosed,
  });
}

export function useSendMessage(id: string, onSent: () => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((message: TicketMessageInput) => api.support.send(id, message), {
    failure: t('support.sendFailed'),
    invalidate: [KEYS.ticket(id), KEYS.messages(id)],
    onSuccess: onSent,
  });
}

/**
 * An attachment as an object URL. Attachments are served only with the session's token, so an
 * <img src> to the API would be refused; the bytes are fetched through the client instead.
 */
export function useAttachmentUrl(media: string | null, enabled: boolean) {
  const blob = useQuery({
    queryKey: KEYS.attachment(media ?? ''),
    queryFn: () => api.support.attachment(media ?? ''),
    enabled: enabled && !!media,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return { url, isError: blob.isError };
}

/** Download an attachment that is not shown inline, with the session's token. */
export async function downloadAttachment(media: string, fileName: string): Promise<void> {
  const blob = await api.support.attachment(media);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
