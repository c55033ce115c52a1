import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Composer } from '../../components/support/composer';
import { MessageList } from '../../components/support/message-list';
import { TicketStatusBadge } from '../../components/support/ticket-status-badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryState } from '../../components/ui/query-state';
import { useCloseTicket, useTicket, useTicketMessages } from '../../hooks/use-support';
import { PATHS } from '../../routes/paths';

/** /settings/support/{id}: the conversation, the composer, and closing the ticket (spec §2, §4). */
export function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['settings', 'shared']);
  const ticket = useTicket(id);
  const closed = ticket.data?.status === 'closed';
  const messages = useTicketMessages(id, !!ticket.data && !closed);
  const [confirming, setConfirming] = useState(false);
  const close = useCloseTicket(id, () => setConfirming(false));

  if (!ticket.data)
    return (
      <Card>
        <QueryState query={ticket} notFound={t('support.notFound')} />
      </Card>
    );
  return (
    <Card>
      <Link to={PATHS.settingsSupport} className="text-sm text-zinc-400 hover:text-zinc-200">
        {t('support.backToList')}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold" dir="auto">
          {ticket.data.title}
        </h2>
        <TicketStatusBadge status={ticket.data.status} />
        <span className="text-xs text-zinc-500">
          {[ticket.data.ticket_type?.name, t(`support.priorities.${ticket.data.priority}`)]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {closed ? null : (
          <Button variant="secondary" className="ms-auto" onClick={() => setConfirming(true)}>
            {t('support.close')}
          </Button>
        )}
      </div>
      <div className="mt-4">
        <MessageList
          messages={messages.messages}
          hasOlder={!!messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
        />
      </div>
      {closed ? (
        <p
          className="mt-4 rounded-lg border border-zinc-800 bg-zinc-900 px-4 py-3 text-center text-sm text-zinc-400"
          role="status"
          data-testid="ticket-closed"
        >
          {t('support.closedNotice')}
        </p>
      ) : (
        <Composer ticketId={id} />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('support.closeTitle')}
        body={t('support.closeBody')}
        confirmLabel={t('support.close')}
        pending={close.isPending}
        onConfirm={() => close.mutate(undefined)}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
