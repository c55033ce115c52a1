import { describe, expect, it } from 'vitest';
import { isRouteAvailable } from '../src/routes/availability';

describe('isRouteAvailable', () => {
  it.each([
    '/',
    '/settings',
    '/settings/notifications',
    '/settings/alerts',
    '/settings/teams',
    '/settings/teams/0b6f7c1e-0000-4000-8000-000000000000',
    '/settings/support',
    '/settings/support/0b6f7c1e-0000-4000-8000-000000000000',
    '/settings/billing',
    '/settings/order-history',
    '/vpl',
    '/auth/sign-in',
    '/auth/error',
    '/workers',
    '/workers/0b6f7c1e-0000-4000-8000-000000000000',
    '/templates',
    '/scans',
    '/assets',
    '/assets/groups',
    '/assets/inventory',
    '/assets/technologies',
    '/assets/0b6f7c1e-0000-4000-8000-000000000000',
    '/assets/0b6f7c1e-0000-4000-8000-000000000000/loading',
  ])('knows the page at %s', (path) => {
    expect(isRouteAvailable(path)).toBe(true);
  });
  it.each(['/nowhere', '/assets/groups/extra/deeper'])('treats %s as no page', (path) => {
    expect(isRouteAvailable(path)).toBe(false);
  });
});
