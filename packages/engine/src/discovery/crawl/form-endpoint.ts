/** A form as the request a browser would send with its default (or plausible sample) values. */
import type { ExtractedForm, FormField } from './html-extract.js';
import type { CrawledEndpoint, EndpointBodyType } from './types.js';

/** What a user would type in an empty field of this type, so the request passes simple validation. */
const SAMPLES: Record<string, string> = {
  email: 'didban@example.com',
  number: '1',
  range: '1',
  url: 'https://example.com/',
  tel: '5550100',
  date: '2026-01-01',
  'datetime-local': '2026-01-01T12:00',
  time: '12:00',
  month: '2026-01',
  week: '2026-W01',
  color: '#000000',
  password: 'Didban-1',
  file: 'didban.txt',
};

export function sampleValue(field: FormField): string {
  if (field.value) return field.value;
  if (field.type === 'hidden' || field.type === 'select') return field.value;
  return SAMPLES[field.type] ?? 'didban';
}

export interface FormRequest {
  method: 'GET' | 'POST';
  url: URL;
  bodyNames: string[];
  endpoint: Omit<CrawledEndpoint, 'source'>;
}

/** The request `form` on the page at `pageUrl` (relative actions resolve against `baseUrl`) submits. */
export function formRequest(form: ExtractedForm, pageUrl: URL, baseUrl: URL): FormRequest | undefined {
  let action: URL;
  try {
    action = form.action.trim() ? new URL(form.action, baseUrl) : new URL(pageUrl.href);
  } catch {
    return undefined;
  }
  action.hash = '';
  const data = new URLSearchParams();
  for (const field of form.fields) data.append(field.name, sampleValue(field));
  if (form.method === 'GET') {
    // A GET form replaces the action's query with its fields.
    action.search = data.toString();
    const params = [...new Set(data.keys())];
    return {
      method: 'GET',
      url: action,
      bodyNames: [],
      endpoint: { method: 'GET', url: action.href, params },
    };
  }
  const bodyType: EndpointBodyType = form.enctype === 'multipart/form-data' ? 'multipart' : 'form';
  const bodyNames = [...new Set(data.keys())];
  const params = [...new Set([...action.searchParams.keys(), ...bodyNames])];
  return {
    method: 'POST',
    url: action,
    bodyNames,
    endpoint: { method: 'POST', url: action.href, params, bodyType, body: data.toString() },
  };
}
