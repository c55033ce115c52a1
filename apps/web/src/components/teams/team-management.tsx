import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeleteTeam, useTeam } from '../../hooks/use-team-management';
import { teamAbilities } from '../../lib/team-permissions';
import { PATHS } from '../../routes/paths';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { QueryState } from '../ui/query-state';
import { TabBar, useTab } from '../ui/tabs';
import { ActivityTab } from './activity-tab';
import { MembersTab } from './members-tab';
import { RenameTeamDialog } from './rename-team-dialog';
import { RequestsTab } from './requests-tab';
import { RoleBadge } from './role-label';

const TABS = ['members', 'requests', 'activity'] as const;

/** /settings/teams/{id}: members, requests and activity (the last two for admins and the owner). */
export function TeamManagement({ teamId }: { teamId: string }) {
  const { t } = useTranslation(['settings', 'shared']);
  const navigate = useNavigate();
  const team = useTeam(teamId);
  const toList = () => navigate(PATHS.settingsTeams, { replace: true });
  const remove = useDeleteTeam(toList);
  const [deleting, setDeleting] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const requested = useTab(TABS, 'members');

  if (!team.data) return <QueryState query={team} notFound={t('teams.notFound')} />;

  const can = teamAbilities(team.data.role);
  const tabs = TABS.filter(
    (key) => key === 'members' || (key === 'requests' ? can.seeRequests : can.seeActivity),
  );
  const tab = tabs.includes(requested) ? requested : 'members';
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={PATHS.settingsTeams} className="text-sm text-zinc-400 hover:text-zinc-200">
          {t('teams.backToList')}
        </Link>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold" dir="auto">
          {team.data.name}
        </h2>
        <RoleBadge role={team.data.role} />
        <div className="ms-auto flex gap-2">
          {can.rename ? (
            <Button variant="ghost" onClick={() => setRenaming(true)}>
              {t('teams.rename')}
            </Button>
          ) : null}
          {can.delete ? (
            <Button variant="ghost" className="text-red-300" onClick={() => setDeleting(true)}>
              {t('teams.delete')}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="mt-4">
        <TabBar
          label={t('teams.manageTabs')}
          current={tab}
          items={tabs.map((key) => ({ key, label: t(`teams.tabs.${key}`) }))}
        />
      </div>
      {tab === 'members' ? <MembersTab team={team.data} onLeft={toList} /> : null}
      {tab === 'requests' ? <RequestsTab teamId={teamId} /> : null}
      {tab === 'activity' ? <ActivityTab teamId={teamId} /> : null}
      {renaming ? (
        <RenameTeamDialog teamId={teamId} name={team.data.name} open onClose={() => setRenaming(false)} />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={t('teams.deleteTitle')}
        body={t('teams.deleteBody', { name: team.data.name })}
        confirmLabel={t('teams.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(teamId)}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}
