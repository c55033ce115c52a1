import {
  createPoller,
  isTemplateRunDone,
  type TemplateListQuery,
  type TemplateRun,
  type TemplateScope,
} from '@didban/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePoller } from '../../hooks/use-poller';
import { api } from '../../lib/api';

export const TEMPLATE_KEYS = {
  all: ['templates'] as const,
  list: (query: TemplateListQuery) => ['templates', 'list', query] as const,
  one: (id: string) => ['templates', 'one', id] as const,
  tags: (search: string) => ['templates', 'tags', search] as const,
};

export const TEMPLATE_PAGE_SIZE = 20;
/** Spec §9 picker: 10 per page. */
export const TAG_PAGE_SIZE = 10;
/**
 * A one-off run is watched while the user waits for it, so it is polled every 2 s instead of the
 * panel's 5 s default: a run against a few targets often ends within a few seconds.
 */
export const RUN_POLL_MS = 2_000;

export type TemplateFilters = {
  scope: TemplateScope;
  severity: string;
  protocol: string;
  tags: string[];
  search: string;
};

export function useTemplateList(filters: TemplateFilters, page: number) {
  const query: TemplateListQuery = {
    scope: filters.scope,
    page,
    page_size: TEMPLATE_PAGE_SIZE,
    ...(filters.severity ? { severity: filters.severity } : {}),
    ...(filters.protocol ? { protocol: filters.protocol } : {}),
    ...(filters.tags.length ? { tag: filters.tags.join(',') } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
  return useQuery({
    queryKey: TEMPLATE_KEYS.list(query),
    queryFn: () => api.templates.list(query),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: TEMPLATE_KEYS.one(id ?? ''),
    queryFn: () => api.templates.get(id!),
    enabled: !!id,
  });
}

/** Tag picker pages (spec §3/§9): 10 at a time, the next one when the list nears its end. */
export function useTemplateTags(search: string) {
  return useInfiniteQuery({
    queryKey: TEMPLATE_KEYS.tags(search),
    queryFn: ({ pageParam }) => api.templates.tags({ search, page: pageParam, pageSize: TAG_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page ?? undefined,
  });
}

/** Follows a run with core's poller until it ends; null when there is no run. */
export function useTemplateRun(runId: string | null) {
  const poller = useMemo(
    () =>
      runId
        ? createPoller<TemplateRun>({
            fetch: () => api.templates.run(runId),
            isTerminal: isTemplateRunDone,
            intervalMs: RUN_POLL_MS,
          })
        : null,
    [runId],
  );
  const snapshot = usePoller(poller);
  return { snapshot, refresh: () => poller?.refresh() };
}
