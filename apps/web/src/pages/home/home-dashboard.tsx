import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/query-state';
import { useHomeDashboardStrings } from './dashboard-strings';
import { FirstStep } from './first-step';
import { LiveStatistics } from './live-statistics';
import { SeverityBreakdown } from './severity-breakdown';
import { SlaCounts } from './sla-counts';
import { useDashboard } from './use-dashboard';
import { WorkerMap } from './worker-map';

/** Spec §1 home: live statistics, SLA counts (issue 32), the severity breakdown and the world map of workers. */
export function HomeDashboard() {
  useHomeDashboardStrings();
  const { t } = useTranslation('home');
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <>
      {data && data.asset_groups === 0 ? <FirstStep /> : null}
      <section aria-labelledby="home-stats" data-testid="home-stats">
        <div className="mb-4 flex items-baseline gap-3">
          <h2 id="home-stats" className="text-lg font-semibold">
            {t('stats.title')}
          </h2>
          <span className="text-xs text-zinc-500">{t('stats.updating')}</span>
        </div>
        {dashboard.isError && !data ? (
          <LoadFailed
            error={dashboard.error}
            retry={dashboard.refetch}
            retrying={dashboard.isFetching}
            failed={t('stats.loadFailed')}
          />
        ) : (
          <LiveStatistics data={data} />
        )}
        <div className="mt-3">
          <SlaCounts />
        </div>
      </section>
      {data ? (
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_3fr]">
          <Card>
            <h2 className="mb-4 text-lg font-semibold">{t('severity.title')}</h2>
            <SeverityBreakdown counts={data.vulnerabilities} />
          </Card>
          <Card>
            <h2 className="mb-4 text-lg font-semibold">{t('workersMap.title')}</h2>
            <WorkerMap workers={data.workers} />
          </Card>
        </div>
      ) : null}
    </>
  );
}
