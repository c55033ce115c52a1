export type Tone = 'success' | 'info' | 'warning' | 'error' | 'neutral';

/**
 * Spec §4 badge colours: 2xx success, 3xx info, 4xx warning, 5xx error, otherwise neutral; the
 * asset status 'done' is green.
 */
export function statusTone(status: string | number | null | undefined): Tone {
  if (status === 'done') return 'success';
  const code = typeof status === 'number' ? status : Number.parseInt(String(status ?? ''), 10);
  if (!Number.isInteger(code)) return 'neutral';
  if (code >= 200 && code < 300) return 'success';
  if (code >= 300 && code < 400) return 'info';
  if (code >= 400 && code < 500) return 'warning';
  if (code >= 500 && code < 600) return 'error';
  return 'neutral';
}

const SEVERITY_TONES: Record<string, Tone> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'info',
  info: 'neutral',
  unknown: 'neutral',
};

/** A finding's or template's severity as a badge colour (unknown words are neutral). */
export const severityTone = (severity: string): Tone => SEVERITY_TONES[severity] ?? 'neutral';
