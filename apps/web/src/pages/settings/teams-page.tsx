import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CreateTeamDialog } from '../../components/teams/create-team-dialog';
import { InvitationsTab } from '../../components/teams/invitations-tab';
import { MyTeamsTab } from '../../components/teams/my-teams-tab';
import { TeamManagement } from '../../components/teams/team-management';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TabBar, useTab } from '../../components/ui/tabs';

const TABS = ['teams', 'invitations'] as const;

/** /settings/teams/{id?}: my teams and invitations, or one team's management view (spec §2). */
export function TeamsPage() {
  const { id } = useParams();
  return <Card>{id ? <TeamManagement key={id} teamId={id} /> : <TeamsOverview />}</Card>;
}

function TeamsOverview() {
  const { t } = useTranslation('settings');
  const tab = useTab(TABS, 'teams');
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t('teams.title')}</h2>
        <Button className="ms-auto" onClick={() => setCreating(true)}>
          {t('teams.create')}
        </Button>
      </div>
      <div className="mt-4">
        <TabBar
          label={t('teams.title')}
          current={tab}
          items={TABS.map((key) => ({ key, label: t(`teams.tabs.${key}`) }))}
        />
      </div>
      {tab === 'teams' ? <MyTeamsTab /> : <InvitationsTab />}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
