import type { Worker } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { useAllWorkerGroups, useMoveWorker } from '../../hooks/use-workers';

/**
 * "Move to group" on the worker page (owner and admins): an existing worker joins a worker group,
 * moves to another or leaves its group, without a new key (a worker's group was chosen only at
 * creation before).
 */
export function MoveToGroup({ worker }: { worker: Worker }) {
  const { t } = useTranslation('workers');
  const groups = useAllWorkerGroups();
  const move = useMoveWorker();
  const [choice, setChoice] = useState(worker.group_id ?? '');
  const unchanged = choice === (worker.group_id ?? '');
  return (
    <form
      className="mt-5 flex flex-wrap items-end gap-3"
      data-testid="worker-move"
      onSubmit={(e) => {
        e.preventDefault();
        move.mutate({ id: worker.id, groupId: choice || null });
      }}
    >
      <div className="min-w-48 flex-1 sm:max-w-xs">
        <SelectField label={t('detail.moveTo')} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{t('list.noGroup')}</option>
          {(groups.data ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" disabled={unchanged || move.isPending}>
        {t('detail.move')}
      </Button>
    </form>
  );
}
