import { matchRoutes } from 'react-router';
import { routes } from './route-table';

/**
 * Whether a page exists in this build. Navigation shows the spec's whole menu, but entries whose
 * page arrives with a later issue are disabled instead of leading to "not found".
 */
export function isRouteAvailable(path: string): boolean {
  const matches = matchRoutes(routes, path);
  const last = matches?.[matches.length - 1];
  return !!last && last.route.path !== '*' && !matches.some((m) => m.route.path === '*');
}
