import type { TeamMember, TeamRole } from '@didban/core';

/**
 * What each team role may do, as docs/permissions.md says and the server enforces. The panel
 * only hides what would be refused; the server remains the judge.
 */
export function teamAbilities(role: TeamRole) {
  const manager = role === 'owner' || role === 'admin';
  return {
    invite: manager,
    seeRequests: manager,
    seeActivity: manager,
    rename: manager,
    leave: role !== 'owner',
    transfer: role === 'owner',
    delete: role === 'owner',
  };
}

type Me = { id: string; role: TeamRole };

/** Admins and the owner change others' roles between admin and user; never the owner's or their own. */
export function canChangeRole(me: Me, member: TeamMember): boolean {
  return me.role !== 'user' && member.role !== 'owner' && member.user_id !== me.id;
}

/** Same rule for removal: not the owner, not oneself (leave instead). */
export function canRemove(me: Me, member: TeamMember): boolean {
  return canChangeRole(me, member);
}

/** Only the owner hands over ownership, to another member. */
export function canTransferTo(me: Me, member: TeamMember): boolean {
  return me.role === 'owner' && member.user_id !== me.id;
}
