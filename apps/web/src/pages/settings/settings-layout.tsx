import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { isRouteAvailable } from '../../routes/availability';
import { SETTINGS_ITEMS } from '../../routes/nav-items';

/** /settings frame: a side menu (on the start side) and the chosen section. */
export function SettingsLayout() {
  const { t } = useTranslation(['settings', 'shared']);
  const link = 'block rounded-lg px-3 py-2 text-sm';
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <h1 className="mb-3 text-xl font-semibold">{t('title')}</h1>
        <nav aria-label={t('title')}>
          <ul className="flex gap-1 overflow-x-auto relative md:flex-col">
            {SETTINGS_ITEMS.map((item) => (
              <li key={item.path} className="shrink-0">
                {isRouteAvailable(item.path) ? (
                  <NavLink
                    to={item.path}
                    end={item.end}
                    className={({ isActive }) =>
                      `${link} ${isActive ? 'bg-zinc-800 text-white' : 'text-zinc-300 hover:bg-zinc-800/60'}`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                ) : (
                  <span
                    aria-disabled="true"
                    title={t('shared:notAvailable')}
                    className={`${link} cursor-not-allowed text-zinc-600`}
                  >
                    {t(item.label)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}
