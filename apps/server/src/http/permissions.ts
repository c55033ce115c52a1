import type { TeamRole } from '@didban/core';
import { HttpError } from './errors.js';
import type { Access } from './fastify-types.js';

export { roleAtLeast } from '../workspaces/resolve.js';

/**
 * The role rules of a team, in one place (docs/permissions.md explains them). The coarse rule
 * — which role may call a route at all — is the route's `config.access`, checked by access.ts;
 * the functions here are the finer rules a handler applies once it knows the target, and each
 * throws the HttpError the caller should see.
 */

/** The least role an access kind asks for, or null when it names no workspace or team. */
export function minimumRole(access: Access): TeamRole | null {
  switch (access) {
    case 'workspace':
    case 'team':
      return 'user';
    case 'workspace:admin':
    case 'team:admin':
      return 'admin';
    case 'workspace:owner':
    case 'team:owner':
      return 'owner';
    default:
      return null;
  }
}

export type Member = { id: string; role: TeamRole };

const refuse = (status: number, code: string, key: ConstructorParameters<typeof HttpError>[2]) =>
  new HttpError(status, code, key);

/**
 * Changing a member's role (the caller is already known to be an admin or the owner):
 * nobody changes their own role, the owner's role changes only by handing over, and nobody is
 * made owner this way.
 * @example assertCanChangeRole({ id: a, role: 'admin' }, { id: b, role: 'user' }, 'admin') // ok
 */
export function assertCanChangeRole(actor: Member, target: Member, newRole: TeamRole): void {
  if (actor.id === target.id) throw refuse(400, 'own_role', 'errors.own_role');
  if (target.role === 'owner') throw refuse(403, 'owner_role_fixed', 'errors.owner_role_fixed');
  if (newRole === 'owner') throw refuse(400, 'owner_by_transfer', 'errors.owner_by_transfer');
}

/** Removing a member: never oneself (leave instead), never the owner (there is always one). */
export function assertCanRemove(actor: Member, target: Member): void {
  if (actor.id === target.id) throw refuse(400, 'remove_self', 'errors.remove_self');
  if (target.role === 'owner') throw refuse(403, 'owner_cannot_be_removed', 'errors.owner_cannot_be_removed');
}

/** Leaving: anyone but the owner, who must hand the team over first. */
export function assertCanLeave(member: Member): void {
  if (member.role === 'owner') throw refuse(400, 'owner_cannot_leave', 'errors.owner_cannot_leave');
}

/** Handing over ownership (the caller is the owner): to another member of the team only. */
export function assertCanTransfer(actor: Member, target: Member | undefined): void {
  if (!target) throw refuse(400, 'transfer_not_member', 'errors.transfer_not_member');
  if (target.id === actor.id) throw refuse(400, 'transfer_self', 'errors.transfer_self');
}

/** Inviting someone: not oneself, not a member, not twice while an invitation is pending. */
export function assertCanInvite(
  actorId: string,
  invitee: { id: string; isMember: boolean; hasPendingInvitation: boolean },
): void {
  if (invitee.id === actorId) throw refuse(400, 'invite_self', 'errors.invite_self');
  if (invitee.isMember) throw refuse(409, 'invite_member', 'errors.invite_member');
  if (invitee.hasPendingInvitation) throw refuse(409, 'invite_duplicate', 'errors.invite_duplicate');
}

/** Asking to join: not when already a member, not twice while a request is pending. */
export function assertCanRequestToJoin(requester: { isMember: boolean; hasPendingRequest: boolean }): void {
  if (requester.isMember) throw refuse(409, 'request_member', 'errors.request_member');
  if (requester.hasPendingRequest) throw refuse(409, 'request_duplicate', 'errors.request_duplicate');
}

/** Answering an invitation or a request: only once. */
export function assertPending(status: string, kind: 'invitation' | 'request'): void {
  if (status === 'pending') return;
  throw kind === 'invitation'
    ? refuse(409, 'invitation_answered', 'errors.invitation_answered')
    : refuse(409, 'request_answered', 'errors.request_answered');
}
