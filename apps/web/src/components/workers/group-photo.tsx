import type { WorkerGroup } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useGroupPhotoUrl } from '../../hooks/use-workers';

/** The group's photo, or a default picture (a stack of servers) when it has none. */
export function GroupPhoto({ group, className = 'size-14' }: { group: WorkerGroup; className?: string }) {
  const { t } = useTranslation('workers');
  const url = useGroupPhotoUrl(group);
  if (url) {
    return (
      <img
        src={url}
        alt={t('groups.photoAlt', { name: group.name })}
        data-testid="group-photo"
        className={`${className} shrink-0 rounded-xl object-cover`}
      />
    );
  }
  return (
    <div
      data-testid="group-default-photo"
      className={`${className} flex shrink-0 items-center justify-center rounded-xl bg-zinc-800 text-zinc-500`}
    >
      <svg viewBox="0 0 24 24" className="size-1/2" aria-hidden="true">
        <path
          d="M4 5h16v5H4zM4 14h16v5H4zM7 7.5h.01M7 16.5h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
