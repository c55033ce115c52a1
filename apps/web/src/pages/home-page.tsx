import { isolate } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../hooks/use-auth';
import { isRouteAvailable } from '../routes/availability';
import { PATHS } from '../routes/paths';
import { HomeDashboard } from './home/home-dashboard';

const QUICK_ACTIONS = [
  {
    path: PATHS.scans,
    title: 'quickActions.scans',
    body: 'quickActions.scansBody',
    icon: 'M4 12h4l2-6 4 12 2-6h4',
  },
  {
    path: PATHS.assets,
    title: 'quickActions.assets',
    body: 'quickActions.assetsBody',
    icon: 'M4 6h16v5H4zM4 13h16v5H4z',
  },
  {
    path: PATHS.templates,
    title: 'quickActions.templates',
    body: 'quickActions.templatesBody',
    icon: 'M8 6l-5 6 5 6M16 6l5 6-5 6',
  },
  {
    path: PATHS.settingsTeams,
    title: 'quickActions.teams',
    body: 'quickActions.teamsBody',
    icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6M2 19c0-3 3-5 6-5s6 2 6 5M16 14c3 0 6 2 6 5',
  },
] as const;

/**
 * Home (spec §1): hero, quick actions, then the live statistics, the vulnerability breakdown by
 * severity and the world map of workers (pages/home).
 */
export function HomePage() {
  const { t } = useTranslation(['home', 'shared']);
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-10">
      <section className="relative overflow-hidden rounded-3xl border border-zinc-800 bg-gradient-to-br from-brand-700/40 via-zinc-900 to-zinc-950 px-6 py-10 sm:px-10 sm:py-14">
        <p className="text-sm font-medium text-brand-300">
          {t('hero.greeting', { name: isolate(user?.username ?? '') })}
        </p>
        <h1 className="mt-3 max-w-2xl text-3xl font-bold leading-tight sm:text-4xl">{t('hero.title')}</h1>
        <p className="mt-4 max-w-2xl text-zinc-300">{t('hero.body')}</p>
      </section>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-4 text-lg font-semibold">
          {t('quickActions.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((action) => {
            const available = isRouteAvailable(action.path);
            const body = (
              <>
                <svg viewBox="0 0 24 24" className="size-6 text-brand-400" aria-hidden="true">
                  <path
                    d={action.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.7"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="mt-3 block font-semibold">{t(action.title)}</span>
                <span className="mt-1 block text-sm text-zinc-400">{t(action.body)}</span>
                {available ? null : (
                  <span className="mt-3 block text-xs text-zinc-500">{t('shared:notAvailable')}</span>
                )}
              </>
            );
            const card = 'block h-full rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5';
            return (
              <li key={action.path}>
                {available ? (
                  <Link
                    to={action.path}
                    className={`${card} transition hover:border-brand-500/60 hover:bg-zinc-900`}
                  >
                    {body}
                  </Link>
                ) : (
                  <div aria-disabled="true" className={`${card} opacity-60`}>
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <HomeDashboard />
    </div>
  );
}
