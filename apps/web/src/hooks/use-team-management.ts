import type { MemberRoleChangeInput, TeamCreateInput, TeamInviteInput, TeamRenameInput } from '@didban/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { useMutationWithFeedback } from './use-mutation-feedback';

const PAGE_SIZE = 10;

// Everything about teams lives under ['teams'] (the switcher's list included), so one
// invalidation after a change refreshes the switcher, the lists and the open team.
export const TEAM_KEYS = {
  all: ['teams'] as const,
  page: (page: number) => ['teams', 'page', page] as const,
  team: (id: string) => ['teams', 'team', id] as const,
  requests: (id: string, page: number) => ['teams', 'team', id, 'requests', page] as const,
  activity: (id: string, page: number) => ['teams', 'team', id, 'activity', page] as const,
  invitations: (page: number) => ['teams', 'invitations', page] as const,
};

export function useTeamsPage(page: number) {
  return useQuery({
    queryKey: TEAM_KEYS.page(page),
    queryFn: () => api.teams.list(page),
    placeholderData: keepPreviousData,
  });
}

export function useTeam(id: string) {
  return useQuery({ queryKey: TEAM_KEYS.team(id), queryFn: () => api.teams.get(id) });
}

export function useTeamRequests(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: TEAM_KEYS.requests(id, page),
    queryFn: () => api.teams.requests(id, { page, page_size: PAGE_SIZE }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTeamActivity(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: TEAM_KEYS.activity(id, page),
    queryFn: () => api.teams.activity(id, page, PAGE_SIZE),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The invitations addressed to me, pending ones. */
export function useMyInvitations(page: number) {
  const { t } = useTranslation('settings');
  return useQuery({
    queryKey: TEAM_KEYS.invitations(page),
    queryFn: () => api.invitations.mine({ page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t('teams.invitationsFailed') },
  });
}

export function useCreateTeam(onCreated: () => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((body: TeamCreateInput) => api.teams.create(body), {
    success: t('teams.created'),
    failure: t('teams.createFailed'),
    invalidate: [TEAM_KEYS.all],
    onSuccess: onCreated,
  });
}

export function useRenameTeam(id: string, onRenamed: () => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((body: TeamRenameInput) => api.teams.rename(id, body), {
    success: t('teams.renamed'),
    failure: t('teams.actionFailed'),
    invalidate: [TEAM_KEYS.all],
    onSuccess: onRenamed,
  });
}

export function useDeleteTeam(onDeleted?: () => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((id: string) => api.teams.remove(id), {
    success: t('teams.deleted'),
    failure: t('teams.actionFailed'),
    invalidate: [TEAM_KEYS.all],
    ...(onDeleted ? { onSuccess: onDeleted } : {}),
  });
}

export function useAnswerInvitation() {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback(
    ({ id, accept }: { id: string; accept: boolean }) =>
      accept ? api.invitations.accept(id) : api.invitations.decline(id),
    {
      success: (invitation) =>
        invitation.status === 'accepted'
          ? t('teams.invitationAccepted', { team: invitation.team.name })
          : t('teams.invitationDeclined'),
      failure: t('teams.actionFailed'),
      invalidate: [TEAM_KEYS.all, ['notifications']],
    },
  );
}

/** Member actions of the management view; each refreshes the team and its log. */
export function useMemberActions(teamId: string, onLeft: () => void) {
  const { t } = useTranslation('settings');
  const invalidate = [TEAM_KEYS.all];
  const failure = t('teams.actionFailed');
  return {
    changeRole: useMutationWithFeedback(
      ({ userId, role }: { userId: string } & MemberRoleChangeInput) =>
        api.teams.changeRole(teamId, userId, { role }),
      { success: t('teams.roleChanged'), failure, invalidate },
    ),
    remove: useMutationWithFeedback((userId: string) => api.teams.removeMember(teamId, userId), {
      success: t('teams.memberRemoved'),
      failure,
      invalidate,
    }),
    transfer: useMutationWithFeedback(
      (userId: string) => api.teams.transferOwnership(teamId, { user_id: userId }),
      { success: t('teams.ownershipTransferred'), failure, invalidate },
    ),
    leave: useMutationWithFeedback(() => api.teams.leave(teamId), {
      success: t('teams.left'),
      failure,
      invalidate,
      onSuccess: onLeft,
    }),
  };
}

export function useInvite(teamId: string, onSent: () => void) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((body: TeamInviteInput) => api.teams.invite(teamId, body), {
    success: (invitation) => t('teams.inviteSent', { name: invitation.invitee.username }),
    failure: t('teams.inviteFailed'),
    invalidate: [TEAM_KEYS.all],
    onSuccess: onSent,
  });
}

export function useAnswerRequest(teamId: string) {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback(
    ({ id, accept }: { id: string; accept: boolean }) =>
      accept ? api.teams.acceptRequest(teamId, id) : api.teams.declineRequest(teamId, id),
    {
      success: (request) =>
        request.status === 'accepted' ? t('teams.requestAccepted') : t('teams.requestDeclined'),
      failure: t('teams.actionFailed'),
      invalidate: [TEAM_KEYS.all],
    },
  );
}
