import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../hooks/use-relative-time';
import { useAnswerRequest, useTeamRequests } from '../../hooks/use-team-management';
import { Button } from '../ui/button';
import { ListState } from '../ui/card';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';

/** Pending membership requests; admins and the owner accept (joins as user) or decline. */
export function RequestsTab({ teamId }: { teamId: string }) {
  const { t } = useTranslation(['settings', 'shared']);
  const ago = useRelativeTime();
  const [page, setPage] = useState(1);
  const requests = useTeamRequests(teamId, page, true);
  const answer = useAnswerRequest(teamId);
  const data = requests.data;

  if (!data) return <QueryState query={requests} />;
  if (data.results.length === 0) return <ListState kind="empty">{t('teams.noRequests')}</ListState>;
  return (
    <>
      <ul className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {data.results.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{request.user.username}</p>
              <p className="text-xs text-zinc-500">{ago(request.created)}</p>
            </div>
            <Button
              onClick={() => answer.mutate({ id: request.id, accept: true })}
              disabled={answer.isPending}
            >
              {t('teams.accept')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => answer.mutate({ id: request.id, accept: false })}
              disabled={answer.isPending}
            >
              {t('teams.decline')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-5">
        <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
      </div>
    </>
  );
}
