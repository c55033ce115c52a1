import { describe, expect, it } from 'vitest';
import { isRouteAvailable } from '../src/routes/availability';

describe('isRouteAvailable', () => {
  it.each(['/', '/settings', '/settings/notifications', '/auth/sign-in', '/auth/error'])(
    'knows the page at %s',
    (path) => {
      expect(isRouteAvailable(path)).toBe(true);
    },
  );
  it.each(['/scans', '/assets', '/templates', '/workers', '/settings/teams', '/settings/billing'])(
    'treats %s as not built yet',
    (path) => {
      expect(isRouteAvailable(path)).toBe(false);
    },
  );
});
