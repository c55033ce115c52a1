import { z } from 'zod';
import { envelope } from '../contract/envelope.js';
import {
  type WorkerCreateInput,
  type WorkerGroupInput,
  type WorkerUpdateInput,
  workerCreatedSchema,
  workerGroupListSchema,
  workerGroupSchema,
  workerListSchema,
  workerSchema,
} from '../contract/workers.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);

/**
 * The /workers pages' calls: worker groups (with photo) and workers (create shows the key once).
 * @example
 *   const { worker, api_key } = await api.workers.create({ name: 'eu-1', group_id: group.id });
 */
export function workerEndpoints(http: Http) {
  return {
    listGroups: (page = 1, pageSize = 10) =>
      unwrap(
        http.get('panel/worker-groups/', envelope(workerGroupListSchema), { page, page_size: pageSize }),
      ),
    getGroup: (groupId: string) =>
      unwrap(http.get(`panel/worker-groups/${id(groupId)}/`, envelope(workerGroupSchema))),
    createGroup: (body: WorkerGroupInput) =>
      unwrap(http.post('panel/worker-groups/', body, envelope(workerGroupSchema))),
    renameGroup: (groupId: string, body: WorkerGroupInput) =>
      unwrap(http.patch(`panel/worker-groups/${id(groupId)}/`, body, envelope(workerGroupSchema))),
    deleteGroup: (groupId: string) =>
      http.delete(`panel/worker-groups/${id(groupId)}/`, z.unknown()).then(() => undefined),
    /** PNG or JPG up to 2 MB, sent as multipart field `photo`. */
    uploadGroupPhoto: (groupId: string, photo: Blob, fileName = 'photo') => {
      const form = new FormData();
      form.append('photo', photo, fileName);
      return unwrap(
        http.request(
          { method: 'PUT', url: `panel/worker-groups/${id(groupId)}/photo/`, data: form },
          envelope(workerGroupSchema),
        ),
      );
    },
    deleteGroupPhoto: (groupId: string) =>
      unwrap(http.delete(`panel/worker-groups/${id(groupId)}/photo/`, envelope(workerGroupSchema))),
    /** API path of the photo, for an <img> fetched with the session's headers. */
    groupPhotoPath: (groupId: string) => `panel/worker-groups/${id(groupId)}/photo/`,

    list: (params: { page?: number; pageSize?: number; groupId?: string } = {}) =>
      unwrap(
        http.get('panel/workers/', envelope(workerListSchema), {
          page: params.page ?? 1,
          page_size: params.pageSize ?? 10,
          ...(params.groupId ? { group_id: params.groupId } : {}),
        }),
      ),
    get: (workerId: string) => unwrap(http.get(`panel/workers/${id(workerId)}/`, envelope(workerSchema))),
    /** The answer carries `api_key`: the only time it is shown. */
    create: (body: WorkerCreateInput) =>
      unwrap(http.post('panel/workers/', body, envelope(workerCreatedSchema))),
    update: (workerId: string, body: WorkerUpdateInput) =>
      unwrap(http.patch(`panel/workers/${id(workerId)}/`, body, envelope(workerSchema))),
    revoke: (workerId: string) =>
      unwrap(http.post(`panel/workers/${id(workerId)}/revoke/`, {}, envelope(workerSchema))),
    remove: (workerId: string) =>
      http.delete(`panel/workers/${id(workerId)}/`, z.unknown()).then(() => undefined),
  };
}
