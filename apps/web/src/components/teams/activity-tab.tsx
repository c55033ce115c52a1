import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { useTeamActivity } from '../../hooks/use-team-management';
import { formatDateTime } from '../../lib/format-date';
import { ListState } from '../ui/card';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';

/** The team's activity log, newest first, paged; the server words each line in my language. */
export function ActivityTab({ teamId }: { teamId: string }) {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const [page, setPage] = useState(1);
  const activity = useTeamActivity(teamId, page, true);
  const data = activity.data;

  if (!data) return <QueryState query={activity} />;
  if (data.results.length === 0) return <ListState kind="empty">{t('teams.noActivity')}</ListState>;
  return (
    <>
      <ol
        className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
        data-testid="activity-log"
      >
        {data.results.map((line) => (
          <li key={line.id} className="flex flex-wrap items-baseline gap-3 px-4 py-3 text-sm">
            <p className="min-w-0 flex-1">{line.text}</p>
            <time dateTime={line.created} className="text-xs text-zinc-500">
              {formatDateTime(line.created, lang)}
            </time>
          </li>
        ))}
      </ol>
      <div className="mt-5">
        <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
      </div>
    </>
  );
}
