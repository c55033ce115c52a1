import { z } from 'zod';
import { envelope } from '../contract/envelope.js';
import {
  type ReportCreateInput,
  type ReportScheduleInput,
  reportListSchema,
  reportScheduleListSchema,
  reportScheduleSchema,
  reportSchema,
} from '../contract/reports.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);

/**
 * /reports, the Report actions and `didban report`: queue a report, poll it, fetch its file.
 * @example
 *   const r = await api.reports.create({ history_id, format: 'pdf', lang: 'fa' });
 *   // poll api.reports.get(r.id) until status is 'done', then:
 *   const bytes = await api.reports.download(r.id);
 */
export function reportEndpoints(http: Http) {
  return {
    create: (body: ReportCreateInput) => unwrap(http.post('panel/reports/', body, envelope(reportSchema))),
    list: (params: { page?: number; pageSize?: number } = {}) =>
      unwrap(
        http.get('panel/reports/', envelope(reportListSchema), {
          page: params.page ?? 1,
          page_size: params.pageSize ?? 20,
        }),
      ),
    get: (reportId: string) => unwrap(http.get(`panel/reports/${id(reportId)}/`, envelope(reportSchema))),
    delete: (reportId: string) =>
      http.delete(`panel/reports/${id(reportId)}/`, z.unknown()).then(() => undefined),
    /** The file's bytes (PDF or HTML), with the session's token (a plain link would not carry it). */
    download: (reportId: string) =>
      http.request({
        method: 'GET',
        url: `panel/reports/${id(reportId)}/download/`,
        responseType: 'arraybuffer',
        timeout: 300_000,
      }) as Promise<ArrayBuffer>,
    listSchedules: () => unwrap(http.get('panel/reports/schedules/', envelope(reportScheduleListSchema))),
    createSchedule: (body: ReportScheduleInput) =>
      unwrap(http.post('panel/reports/schedules/', body, envelope(reportScheduleSchema))),
    deleteSchedule: (scheduleId: string) =>
      http.delete(`panel/reports/schedules/${id(scheduleId)}/`, z.unknown()).then(() => undefined),
  };
}
