import { Outlet } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { Header } from './header';
import { QueryBoundary } from './query-boundary';
import { Splash } from './splash';

/** Pages anyone may see (callback error, not found), under the same header. */
export function PublicShell() {
  const auth = useAuth();
  if (auth.isLoading) return <Splash />;
  return (
    <QueryBoundary>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          <Outlet />
        </main>
      </div>
    </QueryBoundary>
  );
}
