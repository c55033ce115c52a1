import type { TeamSummary } from '@didban/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

// A user in more teams than this is unusual; the switcher is not the place to page through them.
const MAX_PAGES = 10;

/** Every team of the user, for the workspace switcher (`GET panel/teams/?page=n`). */
export function useMyTeams(enabled = true) {
  return useQuery({
    queryKey: ['teams', 'mine'],
    enabled,
    queryFn: async (): Promise<TeamSummary[]> => {
      const teams: TeamSummary[] = [];
      let page: number | null = 1;
      for (let i = 0; page !== null && i < MAX_PAGES; i++) {
        const answer = await api.teams.list(page);
        teams.push(...answer.results);
        page = answer.next_page;
      }
      return teams;
    },
  });
}
