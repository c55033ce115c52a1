import { useQueries } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Names are looked up for this many chosen templates at most; the rest show their ids. */
const MAX_LOOKUPS = 50;

/**
 * Readable names of a scan's template ids (a scan stores ids such as `public:git-config-exposure`).
 * Shares the template detail cache of /templates; an id that cannot be read keeps showing itself.
 */
export function useTemplateNames(ids: readonly string[]): Record<string, string> {
  const results = useQueries({
    queries: ids.slice(0, MAX_LOOKUPS).map((id) => ({
      queryKey: ['templates', 'one', id] as const,
      queryFn: () => api.templates.get(id),
      meta: { silent: true },
      retry: false,
    })),
  });
  const names: Record<string, string> = {};
  results.forEach((result, i) => {
    if (result.data) names[ids[i]!] = result.data.name;
  });
  return names;
}
