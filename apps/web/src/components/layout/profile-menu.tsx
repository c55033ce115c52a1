import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { useActiveLicense } from '../../hooks/use-billing';
import { useLang } from '../../hooks/use-lang';
import { useSignOut } from '../../hooks/use-sign-out';
import { switchLanguage } from '../../lib/language';
import { planOf } from '../../lib/plan';
import { isRouteAvailable } from '../../routes/availability';
import { PATHS } from '../../routes/paths';

/** Spec §2 profile menu: view profile, upgrade/billing, settings, language toggle, sign out. */
export function ProfileMenu() {
  const { t } = useTranslation(['layout', 'shared']);
  const { user } = useAuth();
  const lang = useLang();
  const signOut = useSignOut();
  const item =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm data-focus:bg-zinc-800';
  const initial = (user?.username ?? '?').slice(0, 1).toUpperCase();
  const billingReady = isRouteAvailable(PATHS.settingsBilling);
  // Spec §1: the plan follows the active licence (free while it loads or without one).
  const license = useActiveLicense();

  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-semibold text-white ring-brand-400 hover:ring-2"
        aria-label={t('profile.menu')}
        data-testid="profile-menu"
      >
        {user?.profile_image ? (
          <img src={user.profile_image} alt="" className="size-full object-cover" />
        ) : (
          initial
        )}
      </MenuButton>
      <MenuItems className="absolute end-0 z-50 mt-2 w-60 rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl focus:outline-none">
        <div className="px-3 py-2">
          {/* Data, not prose: their own direction (an email's "@example.test" stays at its end in fa),
              lined up with the menu's start. */}
          <p
            className="truncate text-sm font-medium rtl:text-right"
            dir="auto"
            data-testid="profile-username"
          >
            {user?.username}
          </p>
          <p className="truncate text-xs text-zinc-400 rtl:text-right" dir="ltr">
            {user?.email}
          </p>
          <p className="mt-1 text-xs text-zinc-500" data-testid="profile-plan">
            {t(`profile.plans.${planOf(license.data)}`)}
          </p>
        </div>
        <MenuSeparator className="my-1 h-px bg-zinc-800" />
        <MenuItem>
          <Link to={PATHS.settings} className={item}>
            {t('profile.viewProfile')}
          </Link>
        </MenuItem>
        {billingReady ? (
          <MenuItem>
            <Link to={PATHS.settingsBilling} className={item}>
              {t('profile.upgrade')}
            </Link>
          </MenuItem>
        ) : (
          <MenuItem disabled>
            <span className={`${item} cursor-not-allowed text-zinc-600`} title={t('shared:notAvailable')}>
              {t('profile.upgrade')}
            </span>
          </MenuItem>
        )}
        <MenuItem>
          <Link to={PATHS.settings} className={item}>
            {t('profile.settings')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            lang={lang === 'fa' ? 'en' : 'fa'}
            className={item}
            onClick={() => switchLanguage(lang === 'fa' ? 'en' : 'fa')}
            aria-label={t('profile.languageLabel')}
            data-testid="menu-language-toggle"
          >
            {t('profile.language')}
          </button>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-zinc-800" />
        <MenuItem>
          <button type="button" className={`${item} text-red-300`} onClick={signOut}>
            {t('profile.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
