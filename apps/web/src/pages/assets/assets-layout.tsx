import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { PATHS } from '../../routes/paths';

const TABS = [
  { path: PATHS.assetGroups, label: 'tabs.groups' },
  { path: PATHS.assetInventory, label: 'tabs.inventory' },
  { path: PATHS.assetTechnologies, label: 'tabs.technologies' },
] as const;

/** /assets frame (spec §2 Assets): the three tabs are child routes, so each one has its own address. */
export function AssetsLayout() {
  const { t } = useTranslation('assets');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <nav aria-label={t('title')} className="flex gap-1 overflow-x-auto relative border-b border-zinc-800">
        {TABS.map((tab) => (
          <NavLink
            key={tab.path}
            to={tab.path}
            className={({ isActive }) =>
              `-mb-px shrink-0 border-b-2 px-4 py-2 text-sm ${
                isActive
                  ? 'border-brand-500 text-white'
                  : 'border-transparent text-zinc-400 hover:text-zinc-200'
              }`
            }
          >
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
