import type { WorkerGroup } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { GroupPhoto } from './group-photo';

/** One worker group: photo, name, how many workers; choosing it filters the workers below. */
export function GroupCard({
  group,
  selected,
  canManage,
  onSelect,
  onEdit,
  onDelete,
}: {
  group: WorkerGroup;
  selected: boolean;
  canManage: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('workers');
  const lang = useLang();
  return (
    <li
      data-testid="group-card"
      className={`flex flex-col gap-3 rounded-xl border p-4 ${
        selected ? 'border-brand-500 bg-brand-500/10' : 'border-zinc-800 bg-zinc-900/60'
      }`}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={t('groups.showWorkers', { name: group.name })}
        className="flex items-center gap-3 text-start"
      >
        <GroupPhoto group={group} />
        <span className="min-w-0">
          <span className="block truncate font-medium" dir="auto">
            {group.name}
          </span>
          <span className="block text-xs text-zinc-400">
            {t('groups.workers', { count: group.worker_count, n: formatNumber(group.worker_count, lang) })}
          </span>
        </span>
      </button>
      {canManage ? (
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onEdit}
            aria-label={t('groups.editGroup', { name: group.name })}
            className="rounded-md px-2 py-1 text-xs text-zinc-300 hover:bg-zinc-800"
          >
            {t('groups.edit')}
          </button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={t('groups.deleteGroup', { name: group.name })}
            className="rounded-md px-2 py-1 text-xs text-red-300 hover:bg-red-500/10"
          >
            {t('groups.delete')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
