import { z } from 'zod';
import { envelope } from '../contract/envelope.js';
import {
  type TemplateScanNowInput,
  templateRunSchema,
  templateScanNowResponseSchema,
} from '../contract/template-runs.js';
import {
  type TemplateListQuery,
  type TemplateWriteInput,
  templateDetailSchema,
  templateListSchema,
  templateTagListSchema,
  templateUploadResultSchema,
} from '../contract/templates.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);

/**
 * The /templates page's calls: my and public templates, the editor's save, upload, and the
 * template and tag pickers.
 * @example
 *   const page = await api.templates.list({ scope: 'public', severity: 'high,critical', tag: 'git' });
 *   const saved = await api.templates.create({ yaml });
 */
export function templateEndpoints(http: Http) {
  return {
    list: (query: TemplateListQuery = {}) =>
      unwrap(
        http.get(
          'panel/templates/',
          envelope(templateListSchema),
          Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
        ),
      ),
    /** `templateId` is a uuid (mine) or `public:<template id>`. */
    get: (templateId: string) =>
      unwrap(http.get(`panel/templates/${id(templateId)}/`, envelope(templateDetailSchema))),
    create: (body: TemplateWriteInput) =>
      unwrap(http.post('panel/templates/', body, envelope(templateDetailSchema))),
    update: (templateId: string, body: TemplateWriteInput) =>
      unwrap(http.patch(`panel/templates/${id(templateId)}/`, body, envelope(templateDetailSchema))),
    remove: (templateId: string) =>
      http.delete(`panel/templates/${id(templateId)}/`, z.unknown()).then(() => undefined),
    /** One or many YAML files, as multipart fields `files`; each is validated on its own. */
    upload: (files: { name: string; content: Blob }[]) => {
      const form = new FormData();
      for (const file of files) form.append('files', file.content, file.name);
      return unwrap(
        http.request(
          { method: 'POST', url: 'panel/templates/upload/', data: form },
          envelope(templateUploadResultSchema),
        ),
      );
    },
    /** Scan now: a one-off run of saved templates (ids) and/or the editor's YAML on the given targets. */
    scanNow: (body: TemplateScanNowInput) =>
      unwrap(http.post('panel/templates/scan-now/', body, envelope(templateScanNowResponseSchema))),
    /** A run's status, counts and findings with evidence; follow it with `createPoller`. */
    run: (runId: string) =>
      unwrap(http.get(`panel/templates/runs/${id(runId)}/`, envelope(templateRunSchema))),
    cancelRun: (runId: string) =>
      unwrap(http.post(`panel/templates/runs/${id(runId)}/cancel/`, {}, envelope(templateRunSchema))),
    tags: (params: { search?: string; page?: number; pageSize?: number } = {}) =>
      unwrap(
        http.get('panel/template-tags/', envelope(templateTagListSchema), {
          page: params.page ?? 1,
          page_size: params.pageSize ?? 10,
          ...(params.search ? { search: params.search } : {}),
        }),
      ),
  };
}
