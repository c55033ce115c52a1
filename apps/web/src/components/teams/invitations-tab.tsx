import type { TeamInvitation } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../hooks/use-relative-time';
import { useAnswerInvitation, useMyInvitations } from '../../hooks/use-team-management';
import { Button } from '../ui/button';
import { ListState } from '../ui/card';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';
import { RoleBadge } from './role-label';

/** Invitations addressed to me; only I accept or decline them (spec §6). */
export function InvitationsTab() {
  const { t } = useTranslation(['settings', 'shared']);
  const [page, setPage] = useState(1);
  const invitations = useMyInvitations(page);
  const data = invitations.data;

  if (!data) {
    return <QueryState query={invitations} failed={t('teams.invitationsFailed')} />;
  }
  if (data.results.length === 0) return <ListState kind="empty">{t('teams.noInvitations')}</ListState>;
  return (
    <>
      <ul className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {data.results.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
      <div className="mt-5">
        <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
      </div>
    </>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const { t } = useTranslation('settings');
  const ago = useRelativeTime();
  const answer = useAnswerInvitation();
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="invitation-row">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" dir="auto">
          {invitation.team.name}
        </p>
        <p className="text-xs text-zinc-500">
          {invitation.inviter
            ? t('teams.invitedBy', { name: invitation.inviter.username, time: ago(invitation.created) })
            : ago(invitation.created)}
        </p>
      </div>
      <RoleBadge role={invitation.role} />
      <Button onClick={() => answer.mutate({ id: invitation.id, accept: true })} disabled={answer.isPending}>
        {t('teams.accept')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => answer.mutate({ id: invitation.id, accept: false })}
        disabled={answer.isPending}
      >
        {t('teams.decline')}
      </Button>
    </li>
  );
}
