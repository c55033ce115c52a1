import { fetchCurrentWorkspace, type WorkerCreated, type WorkerGroup } from '@didban/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { useMutationWithFeedback } from './use-mutation-feedback';

export const WORKER_KEYS = {
  all: ['workers'] as const,
  groups: (page: number) => ['workers', 'groups', page] as const,
  allGroups: ['workers', 'groups', 'all'] as const,
  builtin: ['workers', 'builtin'] as const,
  list: (page: number, groupId: string | null) => ['workers', 'list', page, groupId] as const,
  one: (id: string) => ['workers', 'one', id] as const,
  photo: (groupId: string, version: string) => ['workers', 'photo', groupId, version] as const,
  workspace: ['workspace', 'current'] as const,
};

/**
 * Whether I may change workers here: the server lets admins and the owner write (members read).
 * Until the answer arrives nothing is offered, so a plain member never sees a button flash.
 */
export function useCanManageWorkers(): { canManage: boolean; readOnly: boolean } {
  const workspace = useQuery({
    queryKey: WORKER_KEYS.workspace,
    queryFn: () => fetchCurrentWorkspace(api.http),
    staleTime: 60_000,
  });
  const role = workspace.data?.role;
  return { canManage: role === 'owner' || role === 'admin', readOnly: role === 'user' };
}

export function useWorkerGroups(page: number) {
  return useQuery({ queryKey: WORKER_KEYS.groups(page), queryFn: () => api.workers.listGroups(page, 12) });
}

/** Every group (first 100), for the group pickers. */
export function useAllWorkerGroups() {
  return useQuery({
    queryKey: WORKER_KEYS.allGroups,
    queryFn: () => api.workers.listGroups(1, 100).then((answer) => answer.results),
  });
}

/** Whether the built-in worker runs and the internal ranges it may scan (absent from older servers). */
export function useBuiltinWorker() {
  return useQuery({
    queryKey: WORKER_KEYS.builtin,
    queryFn: () => api.workers.listGroups(1, 1).then((answer) => answer.builtin_worker ?? null),
    staleTime: 5 * 60_000,
  });
}

export function useWorkerList(page: number, groupId: string | null) {
  return useQuery({
    queryKey: WORKER_KEYS.list(page, groupId),
    queryFn: () => api.workers.list({ page, pageSize: 10, ...(groupId ? { groupId } : {}) }),
    // Online/offline follows heartbeats: look again now and then while the page is open.
    refetchInterval: 30_000,
  });
}

export function useWorker(id: string) {
  return useQuery({
    queryKey: WORKER_KEYS.one(id),
    queryFn: () => api.workers.get(id),
    refetchInterval: 30_000,
  });
}

/** A group's photo as an object URL (the API wants the session's headers, so no plain <img src>). */
export function useGroupPhotoUrl(group: WorkerGroup): string | null {
  const blob = useQuery({
    queryKey: WORKER_KEYS.photo(group.id, group.updated_at),
    enabled: !!group.photo_url,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      api.http.request({
        method: 'GET',
        url: api.workers.groupPhotoPath(group.id),
        responseType: 'blob',
      }) as Promise<Blob>,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data || !group.photo_url) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data, group.photo_url]);
  return url;
}

export type GroupSave = {
  /** Absent: create. */
  id?: string;
  name: string;
  /** A new photo, or 'remove' to drop the current one; undefined leaves it as it is. */
  photo?: File | 'remove';
};

/**
 * Create or edit a group, then send or remove its photo. The photo is a second request, so a
 * refused photo (the server checks its content) still leaves the group saved, and says why.
 */
export function useSaveGroup(onDone: () => void) {
  const { t } = useTranslation('workers');
  const queryClient = useQueryClient();
  return useMutationWithFeedback(
    async ({ id, name, photo }: GroupSave) => {
      const group = id
        ? await api.workers.renameGroup(id, { name })
        : await api.workers.createGroup({ name });
      try {
        if (photo === 'remove') await api.workers.deleteGroupPhoto(group.id);
        else if (photo) await api.workers.uploadGroupPhoto(group.id, photo, photo.name);
      } catch (error) {
        // The group itself is saved: show it and close the form (a retry would create it twice);
        // the snackbar then gives the server's reason for the photo.
        await queryClient.invalidateQueries({ queryKey: WORKER_KEYS.all });
        onDone();
        throw error;
      }
      return { created: !id };
    },
    {
      success: (r) => t(r.created ? 'groups.created' : 'groups.updated'),
      failure: t('groups.saveFailed'),
      invalidate: [WORKER_KEYS.all],
      onSuccess: onDone,
    },
  );
}

export function useDeleteGroup(onDone: () => void) {
  const { t } = useTranslation('workers');
  return useMutationWithFeedback((id: string) => api.workers.deleteGroup(id), {
    success: t('groups.deleted'),
    failure: t('groups.deleteFailed'),
    invalidate: [WORKER_KEYS.all],
    onSuccess: onDone,
  });
}

export function useCreateWorker(onCreated: (created: WorkerCreated) => void) {
  const { t } = useTranslation('workers');
  return useMutationWithFeedback(
    (body: { name: string; group_id: string | null }) => api.workers.create(body),
    {
      success: t('list.created'),
      failure: t('list.createFailed'),
      invalidate: [WORKER_KEYS.all],
      onSuccess: onCreated,
    },
  );
}

export function useRenameWorker(onDone: () => void) {
  const { t } = useTranslation('workers');
  return useMutationWithFeedback(
    ({ id, name }: { id: string; name: string }) => api.workers.update(id, { name }),
    {
      success: t('list.renamed'),
      failure: t('list.renameFailed'),
      invalidate: [WORKER_KEYS.all],
      onSuccess: onDone,
    },
  );
}

/** Put an existing worker into a group, or take it out of one (`null`). */
export function useMoveWorker() {
  const { t } = useTranslation('workers');
  return useMutationWithFeedback(
    ({ id, groupId }: { id: string; groupId: string | null }) =>
      api.workers.update(id, { group_id: groupId }),
    { success: t('detail.moved'), failure: t('detail.moveFailed'), invalidate: [WORKER_KEYS.all] },
  );
}

export function useRevokeWorker(onDone: () => void) {
  const { t } = useTranslation('workers');
  return useMutationWithFeedback((id: string) => api.workers.revoke(id), {
    success: t('list.revoked'),
    failure: t('list.revokeFailed'),
    invalidate: [WORKER_KEYS.all],
    onSuccess: onDone,
  });
}

export function useDeleteWorker(onDone: () => void) {
  const { t } = useTranslation('workers');
  return useMutationWithFeedback((id: string) => api.workers.remove(id), {
    success: t('list.deleted'),
    failure: t('list.deleteFailed'),
    invalidate: [WORKER_KEYS.all],
    onSuccess: onDone,
  });
}
