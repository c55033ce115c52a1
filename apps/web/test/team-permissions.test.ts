import type { TeamMember, TeamRole } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { canChangeRole, canRemove, canTransferTo, teamAbilities } from '../src/lib/team-permissions';

const member = (user_id: string, role: TeamRole): TeamMember => ({
  user_id,
  username: user_id,
  email: `${user_id}@example.test`,
  profile_image: null,
  role,
  joined: '2026-01-01T00:00:00Z',
});

describe('team permissions (docs/permissions.md)', () => {
  it('gives management to admins and the owner, deletion and hand-over to the owner only', () => {
    expect(teamAbilities('user')).toMatchObject({
      invite: false,
      seeRequests: false,
      seeActivity: false,
      leave: true,
      delete: false,
    });
    expect(teamAbilities('admin')).toMatchObject({
      invite: true,
      seeRequests: true,
      seeActivity: true,
      leave: true,
      delete: false,
      transfer: false,
    });
    expect(teamAbilities('owner')).toMatchObject({
      invite: true,
      leave: false,
      delete: true,
      transfer: true,
    });
  });

  it('lets no one touch the owner or themselves; users touch no one', () => {
    const owner = member('o', 'owner');
    const admin = member('a', 'admin');
    const other = member('b', 'admin');
    const user = member('u', 'user');
    expect(canChangeRole({ id: 'a', role: 'admin' }, owner)).toBe(false);
    expect(canChangeRole({ id: 'a', role: 'admin' }, admin)).toBe(false);
    expect(canChangeRole({ id: 'a', role: 'admin' }, other)).toBe(true);
    expect(canRemove({ id: 'a', role: 'admin' }, user)).toBe(true);
    expect(canRemove({ id: 'u', role: 'user' }, other)).toBe(false);
    expect(canRemove({ id: 'o', role: 'owner' }, owner)).toBe(false);
    expect(canTransferTo({ id: 'o', role: 'owner' }, user)).toBe(true);
    expect(canTransferTo({ id: 'a', role: 'admin' }, user)).toBe(false);
  });
});
