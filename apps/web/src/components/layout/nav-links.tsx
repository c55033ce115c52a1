import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { isRouteAvailable } from '../../routes/availability';
import { NAV_ITEMS } from '../../routes/nav-items';

/**
 * The spec's top navigation. A page not built yet is shown greyed out and is not a link, so the
 * menu is complete without leading anywhere broken.
 */
export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation(['layout', 'shared']);
  const base = vertical ? 'block rounded-lg px-3 py-2 text-base' : 'rounded-lg px-3 py-2 text-sm font-medium';
  return (
    <ul className={vertical ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {NAV_ITEMS.map((item) => (
        <li key={item.path}>
          {isRouteAvailable(item.path) ? (
            <NavLink
              to={item.path}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `${base} ${isActive ? 'bg-zinc-800 text-white' : 'text-zinc-300 hover:bg-zinc-800/60 hover:text-white'}`
              }
            >
              {t(item.label)}
            </NavLink>
          ) : (
            <span
              aria-disabled="true"
              title={t('shared:notAvailable')}
              className={`${base} cursor-not-allowed text-zinc-600`}
            >
              {t(item.label)}
              {vertical ? <span className="ms-2 text-xs">({t('shared:notAvailable')})</span> : null}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
