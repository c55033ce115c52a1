import type { Worker } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { workerPath } from '../../routes/paths';
import { TimeAgo } from '../ui/time-ago';
import { WorkerActions } from './worker-actions';
import { WorkerStatusBadge } from './worker-status-badge';

/**
 * One worker: name (to its details and setup guide), country, IP, last update, status. "Updated"
 * is when the worker last reported in (its heartbeat), so it keeps moving while the worker runs;
 * a worker that never called shows when it was created or changed.
 */
export function WorkerRow({ worker, canManage }: { worker: Worker; canManage: boolean }) {
  const { t } = useTranslation('workers');
  const dash = t('list.unknown');
  return (
    <tr data-testid="worker-row" className="border-t border-zinc-800 align-middle">
      <td className="px-4 py-3">
        <Link
          to={workerPath(worker.id)}
          className="whitespace-nowrap font-medium text-zinc-100 hover:underline"
          dir="auto"
        >
          {worker.name}
        </Link>
      </td>
      <td className="px-4 py-3 text-zinc-300">{worker.country || dash}</td>
      <td className="px-4 py-3 text-zinc-300">
        <span dir="ltr">{worker.ip || dash}</span>
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-zinc-400">
        <TimeAgo time={worker.last_seen_at ?? worker.updated_at} testId="worker-updated" />
      </td>
      <td className="px-4 py-3">
        <WorkerStatusBadge status={worker.status} />
      </td>
      {canManage ? (
        <td className="px-4 py-3">
          <WorkerActions worker={worker} />
        </td>
      ) : null}
    </tr>
  );
}
