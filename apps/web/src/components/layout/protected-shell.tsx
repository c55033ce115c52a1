import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { PATHS } from '../../routes/paths';
import type { RouteHandle } from '../../routes/route-handle';
import { Header } from './header';
import { QueryBoundary } from './query-boundary';
import { Splash } from './splash';

/** Spec §2: the signed-in frame. Guests are sent to sign-in and come back after. */
export function ProtectedShell() {
  const auth = useAuth();
  const location = useLocation();
  const fullWidth = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.fullWidth);

  if (auth.isLoading) return <Splash />;
  if (!auth.isAuthenticated) {
    const from = location.pathname + location.search;
    return <Navigate to={PATHS.signIn} replace state={from === PATHS.home ? null : { from }} />;
  }
  return (
    <QueryBoundary>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main
          id="main"
          className={fullWidth ? 'flex-1 px-4 py-6' : 'mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6'}
        >
          <Outlet />
        </main>
      </div>
    </QueryBoundary>
  );
}
