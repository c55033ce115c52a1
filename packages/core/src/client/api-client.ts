import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { DEFAULT_LANG, type Lang } from '../i18n/lang.js';
import { translate } from '../i18n/messages.js';
import { localizeIssues } from '../validation/localize-issues.js';
import { unstorableTextIssues } from '../validation/storable-text.js';
import { ApiError, normalizeError } from './errors.js';

export const API_PREFIX = '/api/v1/';
export const REQUEST_TIMEOUT_MS = 30_000;

export type ApiClientOptions = {
  /** Server origin, e.g. `http://localhost:8080`; `''` means the page's own origin. */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  getLanguage?: () => Lang | null | undefined;
  /** null or undefined: the personal workspace (no header is sent). */
  getWorkspace?: () => string | null | undefined;
  /** Called once per failed call answered 401, before the promise rejects. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
  /** For Node callers that need their own agent or adapter (tests, the terminal client). */
  axiosConfig?: AxiosRequestConfig;
};

/**
 * The HTTP layer shared by the panel, the terminal client and tests: base URL + `/api/v1/`,
 * Bearer token, Accept-Language (default fa), X-Workspace-ID for a team workspace, a 30 s
 * timeout, an on-401 hook, and errors normalised as spec §8.
 * @example
 *   const http = createHttp({ baseUrl: 'http://localhost:8080', getToken: () => token });
 *   const me = await http.get('panel/profile/', profileEnvelope);
 */
export function createHttp(options: ApiClientOptions) {
  const instance: AxiosInstance = axios.create({
    ...options.axiosConfig,
    baseURL: options.baseUrl.replace(/\/+$/, '') + API_PREFIX,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  });

  instance.interceptors.request.use((config) => {
    const token = options.getToken?.();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Accept-Language', options.getLanguage?.() ?? DEFAULT_LANG);
    const workspace = options.getWorkspace?.();
    if (workspace) config.headers.set('X-Workspace-ID', workspace);
    return config;
  });

  instance.interceptors.response.use(undefined, (error: unknown) => {
    const normalized = normalizeError(error);
    if (normalized.status === 401) options.onUnauthorized?.();
    return Promise.reject(normalized);
  });

  async function call<S extends z.ZodType>(config: AxiosRequestConfig, schema?: S): Promise<z.output<S>> {
    refuseUnstorable(config, options.getLanguage?.() ?? DEFAULT_LANG);
    const response = await instance.request({ ...config, url: stripLeadingSlash(config.url ?? '') });
    return schema ? schema.parse(response.data) : response.data;
  }

  return {
    axios: instance,
    request: call,
    get: <S extends z.ZodType>(url: string, schema?: S, params?: Record<string, unknown>) =>
      call({ method: 'GET', url, params }, schema),
    post: <S extends z.ZodType>(url: string, body?: unknown, schema?: S) =>
      // No body: no Content-Type either (axios's Node adapter would name a form the server refuses).
      call({ method: 'POST', url, data: body, ...(body === undefined ? NO_CONTENT_TYPE : {}) }, schema),
    patch: <S extends z.ZodType>(url: string, body?: unknown, schema?: S) =>
      call({ method: 'PATCH', url, data: body }, schema),
    delete: <S extends z.ZodType>(url: string, schema?: S) => call({ method: 'DELETE', url }, schema),
  };
}
export type Http = ReturnType<typeof createHttp>;

const NO_CONTENT_TYPE = { headers: { 'Content-Type': false } } as const;

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) in a body or query is refused before it is
 * sent, with the answer the server would give (400 `validation`, the field named, in the
 * caller's language): every panel page and CLI command says it, whichever field it was.
 */
function refuseUnstorable(config: AxiosRequestConfig, lang: Lang): void {
  const issues = [...unstorableTextIssues(config.data), ...unstorableTextIssues(config.params)];
  if (issues.length === 0) return;
  throw new ApiError(translate('errors.validation', lang), 400, 'validation', localizeIssues(issues, lang));
}

// Paths in spec §7 are written relative to the base; `/token/verify/` has a leading slash but
// is still under /api/v1/, so a leading slash must not escape the prefix.
function stripLeadingSlash(url: string): string {
  return url.replace(/^\/+/, '');
}
