import type { WorkerGroup } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteGroup, useWorkerGroups } from '../../hooks/use-workers';
import { Button } from '../ui/button';
import { ListState } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';
import { GroupCard } from './group-card';
import { GroupDialog } from './group-dialog';

type Editing = { group: WorkerGroup | null } | null;

/** Worker groups as cards; choosing one filters the workers list (spec §2 /workers). */
export function GroupsSection({
  canManage,
  selected,
  onSelect,
}: {
  canManage: boolean;
  selected: string | null;
  onSelect: (groupId: string | null) => void;
}) {
  const { t } = useTranslation(['workers', 'shared']);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WorkerGroup | null>(null);
  const groups = useWorkerGroups(page);
  const remove = useDeleteGroup(() => {
    if (deleting?.id === selected) onSelect(null);
    setDeleting(null);
  });
  const data = groups.data;

  return (
    <section aria-labelledby="worker-groups-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="worker-groups-title" className="text-lg font-semibold">
          {t('groups.title')}
        </h2>
        {canManage ? (
          <Button className="ms-auto" onClick={() => setEditing({ group: null })}>
            {t('groups.create')}
          </Button>
        ) : null}
      </div>
      {!data ? (
        <QueryState query={groups} />
      ) : data.results.length === 0 ? (
        <ListState kind="empty">{t(canManage ? 'groups.emptyManager' : 'groups.empty')}</ListState>
      ) : (
        <>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.results.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                selected={group.id === selected}
                canManage={canManage}
                onSelect={() => onSelect(group.id === selected ? null : group.id)}
                onEdit={() => setEditing({ group })}
                onDelete={() => setDeleting(group)}
              />
            ))}
          </ul>
          <div className="mt-4">
            <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
          </div>
        </>
      )}
      <GroupDialog open={editing !== null} group={editing?.group ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('groups.deleteTitle')}
        body={t('groups.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('groups.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
