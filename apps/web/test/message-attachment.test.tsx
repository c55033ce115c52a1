import type { TicketMessage } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MessageAttachment } from '../src/components/support/message-attachment';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';

beforeAll(async () => {
  await initI18n('en', en);
});

// Issue 15 §5: a file name shown in the ticket chat cannot pose as another extension with bidi
// controls, even one stored before the server dropped them.
describe('a ticket attachment', () => {
  it('shows its name without bidi controls', () => {
    const message: TicketMessage = {
      id: 'm1',
      text: null,
      media: 'support/tickets/t1/messages/m1/attachment/',
      message_type: 'file',
      file_name: 'invoice\u202Efdp.exe',
      file_size: 10,
      content_type: 'application/octet-stream',
      created_at: '2026-11-25T10:00:00Z',
      sender: null,
      sender_is_staff: false,
      is_mine: true,
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessageAttachment message={message} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('Download invoicefdp.exe');
  });
});
