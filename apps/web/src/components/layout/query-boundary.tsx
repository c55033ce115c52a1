import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../lib/query-client';

/**
 * TanStack Query for the pages under the shells. The auth pages do without it, which keeps the
 * sign-in chunk about 15 KB lighter; the client itself is one for the whole app.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
