import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupsSection } from '../../components/workers/groups-section';
import { WorkersSection } from '../../components/workers/workers-section';
import { useAllWorkerGroups, useCanManageWorkers } from '../../hooks/use-workers';

/** /workers: worker groups and workers of the current workspace (spec §2). */
export function WorkersPage() {
  const { t } = useTranslation('workers');
  const { canManage, readOnly } = useCanManageWorkers();
  const [groupId, setGroupId] = useState<string | null>(null);
  const groupName = useAllWorkerGroups().data?.find((g) => g.id === groupId)?.name ?? null;
  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-sm text-zinc-400">{t('intro')}</p>
        {readOnly ? <p className="mt-2 text-xs text-zinc-500">{t('readOnly')}</p> : null}
      </header>
      <GroupsSection canManage={canManage} selected={groupId} onSelect={setGroupId} />
      <WorkersSection
        canManage={canManage}
        groupId={groupId}
        groupName={groupName}
        onClearGroup={() => setGroupId(null)}
      />
    </div>
  );
}
