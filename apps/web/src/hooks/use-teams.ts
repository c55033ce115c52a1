import { LIMITS, type TeamSummary } from '@didban/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { TEAM_KEYS } from './use-team-management';

// A user in more teams than this is unusual; the switcher is not the place to page through them.
const MAX_PAGES = 10;
// As long as the panel's other queries stay fresh.
const SHARED_FOR_MS = LIMITS.dataFreshMs;

/** Every team of the user, for the workspace switcher (`GET panel/teams/?page=n`). */
export function useMyTeams(enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['teams', 'mine'],
    enabled,
    queryFn: async (): Promise<TeamSummary[]> => {
      const teams: TeamSummary[] = [];
      let page: number | null = 1;
      for (let i = 0; page !== null && i < MAX_PAGES; i++) {
        // Through the teams page's own query of that page: on /settings/teams the switcher and
        // the list asked for page 1 twice (issue 34). A page fetched or being fetched is shared.
        const at: number = page;
        const answer = await client.fetchQuery({
          queryKey: TEAM_KEYS.page(at),
          queryFn: () => api.teams.list(at),
          staleTime: SHARED_FOR_MS,
        });
        teams.push(...answer.results);
        page = answer.next_page;
      }
      return teams;
    },
  });
}
