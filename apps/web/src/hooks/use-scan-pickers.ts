import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** Spec §9 pickers: 10 items per page. */
export const PICKER_PAGE_SIZE = 10;

export type PickerItem = { id: string; name: string };

/**
 * One page source of the pickers (the bulk scan modal's, an alert rule's asset groups; spec §3
 * picker items: id, name). Load failures are only logged (spec §8 pickers), so the query is
 * silent and the list stays as is.
 */
function usePickerPages(
  kind: 'templates' | 'tags' | 'asset-groups',
  search: string,
  load: (page: number) => Promise<{ results: PickerItem[]; next_page: number | null }>,
) {
  return useInfiniteQuery({
    queryKey: ['scans', 'picker', kind, search],
    queryFn: async ({ pageParam }) => {
      try {
        const page = await load(pageParam);
        return { results: page.results.map(({ id, name }) => ({ id, name })), next_page: page.next_page };
      } catch (error) {
        console.error(`Could not load ${kind} for a picker`, error);
        throw error;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
    meta: { silent: true },
    retry: false,
  });
}

/** Templates of the workspace and the public library, searched by name. */
export const useTemplatePicker = (search: string) =>
  usePickerPages('templates', search, (page) =>
    api.templates.list({ page, page_size: PICKER_PAGE_SIZE, ...(search ? { search } : {}) }),
  );

/** Template tags (`GET panel/template-tags/`), searched by name. */
export const useTagPicker = (search: string) =>
  usePickerPages('tags', search, (page) => api.templates.tags({ page, pageSize: PICKER_PAGE_SIZE, search }));

/** Asset groups of the workspace by name, searched (an alert rule's groups). */
export const useAssetGroupPicker = (search: string) =>
  usePickerPages('asset-groups', search, (page) =>
    api.assets.listGroups({
      page,
      page_size: PICKER_PAGE_SIZE,
      ordering: 'name',
      ...(search ? { search } : {}),
    }),
  );
