import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { PATHS } from '../../routes/paths';
import { LanguageToggle } from '../layout/language-toggle';
import { LogoMark } from '../layout/logo-mark';

/** Frame of sign-in and sign-up. Kept free of the shell so the sign-in chunk stays small. */
export function AuthLayout() {
  const { t } = useTranslation('shared');
  const auth = useAuth();
  const location = useLocation();
  if (auth.isAuthenticated && !auth.isLoading) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from ?? PATHS.home} replace />;
  }
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
