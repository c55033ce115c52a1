import { envelope, pagedList } from '../contract/envelope.js';
import {
  type InvitationListQuery,
  type JoinRequestListQuery,
  teamActivitySchema,
  teamDetailSchema,
  teamDoneSchema,
  teamInvitationSchema,
  teamJoinRequestSchema,
  teamMemberSchema,
  teamSummarySchema,
} from '../contract/teams.js';
import type {
  MemberRoleChangeInput,
  TeamCreateInput,
  TeamInviteInput,
  TeamRenameInput,
  TransferOwnershipInput,
} from '../validation/teams.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const seg = encodeURIComponent;
const team = (id: string) => `panel/teams/${seg(id)}/`;
const page = (n = 1, pageSize = 10) => ({ page: n, page_size: pageSize });

/**
 * Team management (issue 9). The team is named in the path, so these calls do not depend on
 * the selected workspace; a team the caller is not in answers 404.
 * @example
 *   const team = await api.teams.create({ name: 'Blue team' });
 *   await api.teams.invite(team.id, { email_or_username: 'sara@example.com', role: 'admin' });
 */
export function teamEndpoints(http: Http) {
  return {
    /** `GET panel/teams/?page=n`: the teams I belong to, for the workspace switcher. */
    list: (n = 1) => unwrap(http.get('panel/teams/', envelope(pagedList(teamSummarySchema)), { page: n })),
    create: (body: TeamCreateInput) => unwrap(http.post('panel/teams/', body, envelope(teamDetailSchema))),
    get: (id: string) => unwrap(http.get(team(id), envelope(teamDetailSchema))),
    rename: (id: string, body: TeamRenameInput) =>
      unwrap(http.patch(team(id), body, envelope(teamDetailSchema))),
    remove: (id: string) => unwrap(http.delete(team(id), envelope(teamDoneSchema))),

    members: (id: string, n = 1, pageSize = 10) =>
      unwrap(http.get(`${team(id)}members/`, envelope(pagedList(teamMemberSchema)), page(n, pageSize))),
    changeRole: (id: string, userId: string, body: MemberRoleChangeInput) =>
      unwrap(http.patch(`${team(id)}members/${seg(userId)}/`, body, envelope(teamMemberSchema))),
    removeMember: (id: string, userId: string) =>
      unwrap(http.delete(`${team(id)}members/${seg(userId)}/`, envelope(teamDoneSchema))),
    leave: (id: string) => unwrap(http.post(`${team(id)}leave/`, {}, envelope(teamDoneSchema))),
    transferOwnership: (id: string, body: TransferOwnershipInput) =>
      unwrap(http.post(`${team(id)}transfer-ownership/`, body, envelope(teamDetailSchema))),

    invitations: (id: string, query: InvitationListQuery = {}) =>
      unwrap(http.get(`${team(id)}invitations/`, envelope(pagedList(teamInvitationSchema)), query)),
    invite: (id: string, body: TeamInviteInput) =>
      unwrap(http.post(`${team(id)}invitations/`, body, envelope(teamInvitationSchema))),
    cancelInvitation: (id: string, invitationId: string) =>
      unwrap(http.delete(`${team(id)}invitations/${seg(invitationId)}/`, envelope(teamInvitationSchema))),

    requests: (id: string, query: JoinRequestListQuery = {}) =>
      unwrap(http.get(`${team(id)}requests/`, envelope(pagedList(teamJoinRequestSchema)), query)),
    /** Ask to join a team by its id; its admins answer. */
    requestToJoin: (id: string) =>
      unwrap(http.post(`${team(id)}requests/`, {}, envelope(teamJoinRequestSchema))),
    acceptRequest: (id: string, requestId: string) =>
      unwrap(http.post(`${team(id)}requests/${seg(requestId)}/accept/`, {}, envelope(teamJoinRequestSchema))),
    declineRequest: (id: string, requestId: string) =>
      unwrap(
        http.post(`${team(id)}requests/${seg(requestId)}/decline/`, {}, envelope(teamJoinRequestSchema)),
      ),

    activity: (id: string, n = 1, pageSize = 10) =>
      unwrap(http.get(`${team(id)}activity/`, envelope(pagedList(teamActivitySchema)), page(n, pageSize))),
  };
}

/** The invitations addressed to me (spec §2: the invitations tab), answered only by me. */
export function invitationEndpoints(http: Http) {
  return {
    mine: (query: InvitationListQuery = {}) =>
      unwrap(http.get('panel/invitations/', envelope(pagedList(teamInvitationSchema)), query)),
    accept: (id: string) =>
      unwrap(http.post(`panel/invitations/${seg(id)}/accept/`, {}, envelope(teamInvitationSchema))),
    decline: (id: string) =>
      unwrap(http.post(`panel/invitations/${seg(id)}/decline/`, {}, envelope(teamInvitationSchema))),
  };
}
