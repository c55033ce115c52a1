import type { Report, ReportCreateInput, ReportScheduleInput } from '@didban/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const KEY = ['reports'] as const;
export const REPORT_PAGE_SIZE = 20;

const unfinished = (r: Report) => r.status === 'queued' || r.status === 'running';

/** The workspace's reports, newest first; polled every 2 s while one of them is still being made. */
export function useReports(page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: () => api.reports.list({ page, pageSize: REPORT_PAGE_SIZE }),
    refetchInterval: (query) => (query.state.data?.results.some(unfinished) ? 2000 : false),
  });
}

/** One report, polled every 1.5 s until it is done or failed (the dialog's progress). */
export function useReport(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api.reports.get(id!),
    enabled: !!id,
    refetchInterval: (query) => (!query.state.data || unfinished(query.state.data) ? 1500 : false),
  });
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportCreateInput) => api.reports.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.reports.delete(id),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

/** The file name the server gives (`didban-report-<date>-<id8>.<format>`). */
export const reportFileName = (r: Report) =>
  `didban-report-${r.created_at.slice(0, 10)}-${r.id.slice(0, 8)}.${r.format}`;

/**
 * Fetch the file with the session's token (a plain link would not carry it) and save it through a
 * temporary object URL.
 */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (r: Report) => {
      const bytes = await api.reports.download(r.id);
      const blob = new Blob([bytes], { type: r.format === 'pdf' ? 'application/pdf' : 'text/html' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = reportFileName(r);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}

export function useReportSchedules() {
  return useQuery({ queryKey: [...KEY, 'schedules'], queryFn: () => api.reports.listSchedules() });
}

/** The workspace's email channels, where a scheduled report can be sent. */
export function useEmailChannels(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'email-channels'],
    queryFn: async () => (await api.alerts.listChannels()).filter((c) => c.kind === 'email'),
    enabled,
  });
}

export function useScheduleMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: [...KEY, 'schedules'] });
  return {
    create: useMutation({
      mutationFn: (b: ReportScheduleInput) => api.reports.createSchedule(b),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.reports.deleteSchedule(id), onSuccess: done }),
  };
}
