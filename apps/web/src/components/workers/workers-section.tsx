import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkerList } from '../../hooks/use-workers';
import { Button } from '../ui/button';
import { ListState } from '../ui/card';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';
import { CreateWorkerDialog } from './create-worker-dialog';
import { WorkerRow } from './worker-row';

/** The workers of this workspace, or of the chosen group; new workers get their key here. */
export function WorkersSection({
  canManage,
  groupId,
  groupName,
  onClearGroup,
}: {
  canManage: boolean;
  groupId: string | null;
  groupName: string | null;
  onClearGroup: () => void;
}) {
  const { t } = useTranslation(['workers', 'shared']);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const workers = useWorkerList(page, groupId);
  const data = workers.data;
  const head = 'px-4 py-2 text-start text-xs font-medium text-zinc-400';

  return (
    <section aria-labelledby="workers-list-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="workers-list-title" className="text-lg font-semibold">
          {groupName ? t('list.titleInGroup', { name: groupName }) : t('list.title')}
        </h2>
        {groupId ? (
          <button type="button" onClick={onClearGroup} className="text-xs text-brand-300 hover:underline">
            {t('list.allGroups')}
          </button>
        ) : null}
        {canManage ? (
          <Button className="ms-auto" onClick={() => setCreating(true)}>
            {t('list.create')}
          </Button>
        ) : null}
      </div>
      {!data ? (
        <QueryState query={workers} />
      ) : data.results.length === 0 ? (
        <ListState kind="empty">{t(groupId ? 'list.emptyInGroup' : 'list.empty')}</ListState>
      ) : (
        <>
          <div className="mt-4 overflow-x-auto relative rounded-xl border border-zinc-800">
            <table className="w-full text-sm">
              <thead className="bg-zinc-900/80">
                <tr>
                  <th className={head}>{t('list.name')}</th>
                  <th className={head}>{t('list.country')}</th>
                  <th className={head}>{t('list.ip')}</th>
                  <th className={head}>{t('list.updated')}</th>
                  <th className={head}>{t('list.status')}</th>
                  {canManage ? <th className={head}>{t('list.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.results.map((worker) => (
                  <WorkerRow key={worker.id} worker={worker} canManage={canManage} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4">
            <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
          </div>
        </>
      )}
      <CreateWorkerDialog open={creating} groupId={groupId} onClose={() => setCreating(false)} />
    </section>
  );
}
