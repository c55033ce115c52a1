import type { Ticket } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CreateTicketDialog } from '../../components/support/create-ticket-dialog';
import { TicketStatusBadge } from '../../components/support/ticket-status-badge';
import { Button } from '../../components/ui/button';
import { Card, ListState } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { useAuth } from '../../hooks/use-auth';
import { useRelativeTime } from '../../hooks/use-relative-time';
import { useTickets } from '../../hooks/use-support';
import { ticketPath } from '../../routes/paths';

/** /settings/support: my tickets (every ticket for staff) and a new ticket (spec §2). */
export function SupportPage() {
  const { t } = useTranslation(['settings', 'shared']);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const tickets = useTickets(page);
  const data = tickets.data;

  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t('support.title')}</h2>
        <Button className="ms-auto" onClick={() => setCreating(true)}>
          {t('support.create')}
        </Button>
      </div>
      {!data ? (
        <QueryState query={tickets} />
      ) : data.results.length === 0 ? (
        <ListState kind="empty">{t('support.empty')}</ListState>
      ) : (
        <>
          <ul className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
            {data.results.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} />
            ))}
          </ul>
          <div className="mt-5">
            <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
          </div>
        </>
      )}
      <CreateTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(ticketPath(id));
        }}
      />
    </Card>
  );
}

function TicketRow({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('settings');
  const ago = useRelativeTime();
  // Staff see everyone's tickets: name whose it is when it is not mine.
  const me = useAuth().user?.id;
  const owner = ticket.user.id !== me ? ticket.user.username : null;
  return (
    <li data-testid="ticket-row">
      <Link
        to={ticketPath(ticket.id)}
        className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-zinc-800/40"
      >
        <div className="min-w-0 flex-1">
          {/* 'auto': an English subject in the fa list is cut at its end, not its start; still right-aligned. */}
          <p className="truncate font-medium rtl:text-right" dir="auto">
            {ticket.title}
          </p>
          <p className="text-xs text-zinc-500">
            {[
              owner,
              ticket.ticket_type?.name,
              t(`support.priorities.${ticket.priority}`),
              ago(ticket.updated_at),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <TicketStatusBadge status={ticket.status} />
      </Link>
    </li>
  );
}
