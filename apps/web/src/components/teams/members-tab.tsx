import type { TeamDetail, TeamMember } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';
import { useLang } from '../../hooks/use-lang';
import { useMemberActions } from '../../hooks/use-team-management';
import { formatDateTime } from '../../lib/format-date';
import { canChangeRole, canRemove, canTransferTo, teamAbilities } from '../../lib/team-permissions';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { InviteForm } from './invite-form';
import { RoleBadge } from './role-label';

type Pending = { kind: 'remove' | 'transfer'; member: TeamMember } | null;

/** Members with their role and joined date; each action appears only when my role allows it. */
export function MembersTab({ team, onLeft }: { team: TeamDetail; onLeft: () => void }) {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const me = { id: user?.id ?? '', role: team.role };
  const actions = useMemberActions(team.id, onLeft);
  const [pending, setPending] = useState<Pending>(null);
  const [leaving, setLeaving] = useState(false);

  const confirm = () => {
    if (!pending) return;
    const mutation = pending.kind === 'remove' ? actions.remove : actions.transfer;
    mutation.mutate(pending.member.user_id, { onSettled: () => setPending(null) });
  };

  return (
    <div className="mt-5 flex flex-col gap-5">
      {teamAbilities(team.role).invite ? <InviteForm teamId={team.id} /> : null}
      <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800" data-testid="member-list">
        {team.members.map((member) => (
          <MemberRow
            key={member.user_id}
            member={member}
            isMe={member.user_id === me.id}
            canRole={canChangeRole(me, member)}
            canRemove={canRemove(me, member)}
            canTransfer={canTransferTo(me, member)}
            onRole={(role) => actions.changeRole.mutate({ userId: member.user_id, role })}
            onRemove={() => setPending({ kind: 'remove', member })}
            onTransfer={() => setPending({ kind: 'transfer', member })}
          />
        ))}
      </ul>
      {teamAbilities(team.role).leave ? (
        <div>
          <Button variant="secondary" className="text-red-300" onClick={() => setLeaving(true)}>
            {t('teams.leave')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t(pending?.kind === 'transfer' ? 'teams.transferTitle' : 'teams.removeTitle')}
        body={t(pending?.kind === 'transfer' ? 'teams.transferBody' : 'teams.removeBody', {
          name: pending?.member.username ?? '',
        })}
        confirmLabel={t(pending?.kind === 'transfer' ? 'teams.transfer' : 'teams.remove')}
        pending={actions.remove.isPending || actions.transfer.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={leaving}
        title={t('teams.leaveTitle')}
        body={t('teams.leaveBody', { name: team.name })}
        confirmLabel={t('teams.leave')}
        pending={actions.leave.isPending}
        onConfirm={() => actions.leave.mutate(undefined, { onSettled: () => setLeaving(false) })}
        onClose={() => setLeaving(false)}
      />
    </div>
  );
}

function MemberRow(props: {
  member: TeamMember;
  isMe: boolean;
  canRole: boolean;
  canRemove: boolean;
  canTransfer: boolean;
  onRole: (role: 'admin' | 'user') => void;
  onRemove: () => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const { member } = props;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="member-row">
      {/* At least 12rem wide: on a phone the actions wrap below instead of cutting the date. */}
      <div className="min-w-48 flex-1">
        <p className="truncate font-medium">
          <bdi>{member.username}</bdi>
          {props.isMe ? <span className="ms-2 text-xs text-zinc-500">{t('teams.you')}</span> : null}
        </p>
        <p className="text-xs text-zinc-500">
          {t('teams.joined', { date: formatDateTime(member.joined, lang) })}
        </p>
      </div>
      {props.canRole ? (
        <select
          aria-label={t('teams.roleOf', { name: member.username })}
          value={member.role}
          onChange={(e) => props.onRole(e.target.value as 'admin' | 'user')}
          className="rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-sm"
        >
          <option value="admin">{t('teams.roles.admin')}</option>
          <option value="user">{t('teams.roles.user')}</option>
        </select>
      ) : (
        <RoleBadge role={member.role} />
      )}
      {props.canTransfer ? (
        <Button variant="ghost" onClick={props.onTransfer}>
          {t('teams.transfer')}
        </Button>
      ) : null}
      {props.canRemove ? (
        <Button variant="ghost" className="text-red-300" onClick={props.onRemove}>
          {t('teams.remove')}
        </Button>
      ) : null}
    </li>
  );
}
