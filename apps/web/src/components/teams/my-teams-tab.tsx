import type { TeamSummary } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../hooks/use-lang';
import { useDeleteTeam, useTeamsPage } from '../../hooks/use-team-management';
import { formatDateTime, formatNumber } from '../../lib/format-date';
import { teamAbilities } from '../../lib/team-permissions';
import { teamPath } from '../../routes/paths';
import { Button, buttonClass } from '../ui/button';
import { ListState } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';
import { RoleBadge } from './role-label';

/** The teams I belong to: open one, or delete the ones I own (after confirming). */
export function MyTeamsTab() {
  const { t } = useTranslation(['settings', 'shared']);
  const [page, setPage] = useState(1);
  const teams = useTeamsPage(page);
  const [toDelete, setToDelete] = useState<TeamSummary | null>(null);
  const remove = useDeleteTeam(() => setToDelete(null));
  const data = teams.data;

  if (!data) return <QueryState query={teams} />;
  if (data.results.length === 0) return <ListState kind="empty">{t('teams.empty')}</ListState>;
  return (
    <>
      <ul className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800" data-testid="team-list">
        {data.results.map((team) => (
          <TeamRow key={team.id} team={team} onDelete={() => setToDelete(team)} />
        ))}
      </ul>
      <div className="mt-5">
        <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('teams.deleteTitle')}
        body={t('teams.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('teams.delete')}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

function TeamRow({ team, onDelete }: { team: TeamSummary; onDelete: () => void }) {
  const { t } = useTranslation('settings');
  const lang = useLang();
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="team-row">
      {/* A whole line on a phone: beside the role and buttons it was squeezed to a word a line. */}
      <div className="min-w-0 flex-1 basis-full sm:basis-0">
        <p className="truncate font-medium rtl:text-right" dir="auto">
          {team.name}
        </p>
        <p className="text-xs text-zinc-500">
          {t('teams.membersCount', { count: team.members_count, n: formatNumber(team.members_count, lang) })}
          {' · '}
          {t('teams.createdAt', { date: formatDateTime(team.created, lang) })}
        </p>
      </div>
      <RoleBadge role={team.role} />
      <Link to={teamPath(team.id)} className={buttonClass('secondary')}>
        {t('teams.manage')}
      </Link>
      {teamAbilities(team.role).delete ? (
        <Button variant="ghost" className="text-red-300" onClick={onDelete}>
          {t('teams.delete')}
        </Button>
      ) : null}
    </li>
  );
}
