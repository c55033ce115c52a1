import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageToggle } from '../../components/layout/language-toggle';
import { LogoMark } from '../../components/layout/logo-mark';

/**
 * Frame of "forgot password" and the reset link's page: the sign-in frame without its redirect of
 * a signed-in visitor, so the profile's "Forgot your current password?" and a reset link opened in
 * a browser that is still signed in both work.
 */
export function PasswordLayout() {
  const { t } = useTranslation('shared');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <LogoMark className="size-8 text-brand-500" />
          {t('appName')}
        </span>
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-16">
        <div className="w-full max-w-md rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
