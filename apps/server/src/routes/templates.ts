import {
  apiErrorSchema,
  cleanFileName,
  envelope,
  type Lang,
  pageInfo,
  TEMPLATE_UPLOAD_MAX_FILES,
  TEMPLATE_YAML_MAX,
  type TemplateIssue,
  type TemplateItem,
  type TemplateUploadResult,
  templateDetailSchema,
  templateListQuery,
  templateListSchema,
  templateTagListSchema,
  templateTagQuery,
  templateUploadResultSchema,
  templateWriteSchema,
  translate,
} from '@didban/core';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { templates } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { type Analysis, analyseTemplate, type TemplateFacts } from '../templates/analyse-template.js';
import {
  presentPublic,
  presentPublicDetail,
  presentRow,
  presentRowDetail,
} from '../templates/present-template.js';
import { PUBLIC_ID_PREFIX, type PublicTemplate, publicLibrary } from '../templates/public-library.js';

const idParams = z.object({ id: z.string().max(300) });
const deleted = z.object({ data: z.object({ deleted: z.boolean() }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readOnly = () => new HttpError(403, 'template_read_only', 'templates.public_read_only');
const exists = (templateId: string) =>
  new HttpError(409, 'template_exists', 'templates.exists', { template_id: templateId });

/** Comma-separated filter values, lower-cased. */
const values = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** Parser issues as the error body's per-field messages: `{ "info.severity": ["Line 4, column 13: …"] }`. */
function issueErrors(issues: readonly TemplateIssue[], lang: Lang): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues.filter((i) => i.severity === 'error')) {
    const key = issue.path || 'yaml';
    const list = errors[key] ?? [];
    errors[key] = list;
    list.push(
      translate('templates.issue_at', lang, {
        line: issue.line,
        column: issue.column,
        message: issue.message,
      }),
    );
  }
  return errors;
}

type Filters = { severity: string[]; tag: string[]; protocol: string[]; search: string };

function publicMatches(t: PublicTemplate, f: Filters): boolean {
  const facts = t.facts;
  if (f.severity.length && !f.severity.includes(facts.severity)) return false;
  if (f.protocol.length && !f.protocol.includes(facts.protocol)) return false;
  if (f.tag.length && !facts.tags.some((tag) => f.tag.includes(tag.toLowerCase()))) return false;
  if (f.search) {
    const haystack = [facts.name, facts.template_id, ...facts.tags].join('\n').toLowerCase();
    if (!haystack.includes(f.search.toLowerCase())) return false;
  }
  return true;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Spec §2 /templates and §7 templates calls. My templates belong to the workspace (read by every
 * member, written by admins and the owner, as docs/permissions.md says of workspace data); the
 * public library is read-only for everyone: changing or deleting a `public:` id answers 403
 * `template_read_only` (public ids are no secret, so 403 reveals nothing and tells the editor why).
 * Another workspace's template ids answer 404.
 */
export function templateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const library = publicLibrary();

  const mineWhere = (workspaceId: string, f: Filters): SQL => {
    const conditions: SQL[] = [eq(templates.workspace_id, workspaceId)];
    if (f.severity.length) conditions.push(inArray(templates.severity, f.severity));
    if (f.protocol.length) conditions.push(inArray(templates.protocol, f.protocol));
    if (f.tag.length)
      conditions.push(
        sql`exists (select 1 from unnest(${templates.tags}) as t(tag) where lower(t.tag) in (${sql.join(
          f.tag.map((t) => sql`${t}`),
          sql`, `,
        )}))`,
      );
    if (f.search) {
      const pattern = likePattern(f.search);
      conditions.push(
        or(
          ilike(templates.name, pattern),
          ilike(templates.template_id, pattern),
          sql`exists (select 1 from unnest(${templates.tags}) as t(tag) where t.tag ilike ${pattern})`,
        )!,
      );
    }
    return and(...conditions)!;
  };

  const findMine = async (workspaceId: string, id: string) => {
    if (!UUID.test(id)) throw notFound();
    const [row] = await db
      .select()
      .from(templates)
      .where(and(eq(templates.id, id), eq(templates.workspace_id, workspaceId)));
    if (!row) throw notFound();
    return row;
  };

  const factsOf = (yaml: string): TemplateFacts => {
    const result = analyseTemplate(yaml);
    if (!result.ok) throw new Error('a stored template no longer validates');
    return result.facts;
  };

  const columns = (facts: TemplateFacts, yaml: string) => ({
    template_id: facts.template_id,
    name: facts.name,
    severity: facts.severity,
    tags: facts.tags,
    protocol: facts.protocol,
    author: facts.author,
    rejected_reason: facts.rejected_reason,
    yaml,
  });

  const isUniqueViolation = (error: unknown) => {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code === '23505' || e.cause?.code === '23505';
  };

  /** Validates or answers 400 with the parser's issues, each with its field and line. */
  const analyseOrRefuse = (request: FastifyRequest, yaml: string): TemplateFacts => {
    const result: Analysis = analyseTemplate(yaml);
    if (result.ok) return result.facts;
    throw Object.assign(new HttpError(400, 'template_invalid', 'templates.invalid'), {
      issueErrors: issueErrors(result.issues, request.lang),
    });
  };

  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: TEMPLATE_YAML_MAX, files: TEMPLATE_UPLOAD_MAX_FILES + 1, fields: 5 },
      throwFileSizeLimit: false,
    });

    // Template errors carry per-issue text (with lines) that message keys cannot express, so
    // they are answered here in the same `{ message, code, errors }` shape as every error.
    app.setErrorHandler((error, request, reply) => {
      const issues = (error as { issueErrors?: Record<string, string[]> }).issueErrors;
      if (error instanceof HttpError && issues) {
        return reply.status(400).send({
          message: translate(error.messageKey, request.lang),
          code: error.code,
          errors: issues,
        });
      }
      throw error;
    });

    app.get(
      '/panel/templates/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['templates'],
          summary: 'My templates (newest first) then the public library (by name), with filters',
          querystring: templateListQuery,
          response: { 200: envelope(templateListSchema) },
        },
      },
      async (request) => {
        const q = request.query;
        const f: Filters = {
          severity: values(q.severity),
          tag: values(q.tag),
          protocol: values(q.protocol),
          search: (q.search ?? '').trim(),
        };
        const workspaceId = currentWorkspace(request).id;
        const wantMine = q.scope !== 'public';
        const wantPublic = q.scope !== 'mine';
        const publicRows = wantPublic ? library.templates.filter((t) => publicMatches(t, f)) : [];
        let mineTotal = 0;
        if (wantMine) {
          const [row] = await db.select({ n: count() }).from(templates).where(mineWhere(workspaceId, f));
          mineTotal = row?.n ?? 0;
        }
        const offset = (q.page - 1) * q.page_size;
        const results: TemplateItem[] = [];
        if (wantMine && offset < mineTotal) {
          const rows = await db
            .select()
            .from(templates)
            .where(mineWhere(workspaceId, f))
            .orderBy(desc(templates.updated_at), desc(templates.id))
            .limit(q.page_size)
            .offset(offset);
          results.push(...rows.map(presentRow));
        }
        const publicOffset = Math.max(0, offset - mineTotal);
        const room = q.page_size - results.length;
        if (room > 0) results.push(...publicRows.slice(publicOffset, publicOffset + room).map(presentPublic));
        return { data: { results, ...pageInfo(mineTotal + publicRows.length, q.page, q.page_size) } };
      },
    );

    app.get(
      '/panel/templates/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['templates'],
          summary: 'One template with its YAML (a uuid for mine, public:<id> for the library)',
          params: idParams,
          response: { 200: envelope(templateDetailSchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (id.startsWith(PUBLIC_ID_PREFIX)) {
          const found = library.byId.get(id);
          if (!found) throw notFound();
          return { data: presentPublicDetail(found) };
        }
        const row = await findMine(currentWorkspace(request).id, id);
        return { data: presentRowDetail(row, factsOf(row.yaml)) };
      },
    );

    app.post(
      '/panel/templates/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['templates'],
          summary: 'Create a template from YAML (validated: 400 lists each problem with its field and line)',
          body: templateWriteSchema,
          response: { 201: envelope(templateDetailSchema), 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const facts = analyseOrRefuse(request, request.body.yaml);
        try {
          const [row] = await db
            .insert(templates)
            .values({
              workspace_id: currentWorkspace(request).id,
              created_by: currentUser(request).id,
              ...columns(facts, request.body.yaml),
            })
            .returning();
          return reply.status(201).send({ data: presentRowDetail(row!, facts) });
        } catch (error) {
          if (isUniqueViolation(error)) throw exists(facts.template_id);
          throw error;
        }
      },
    );

    app.patch(
      '/panel/templates/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['templates'],
          summary: 'Replace the YAML of one of my templates (public ones are read-only: 403)',
          params: idParams,
          body: templateWriteSchema,
          response: { 200: envelope(templateDetailSchema), 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (id.startsWith(PUBLIC_ID_PREFIX)) {
          if (!library.byId.has(id)) throw notFound();
          throw readOnly();
        }
        const workspaceId = currentWorkspace(request).id;
        await findMine(workspaceId, id);
        const facts = analyseOrRefuse(request, request.body.yaml);
        try {
          const [row] = await db
            .update(templates)
            .set({ ...columns(facts, request.body.yaml), updated_at: new Date() })
            .where(and(eq(templates.id, id), eq(templates.workspace_id, workspaceId)))
            .returning();
          if (!row) throw notFound();
          return { data: presentRowDetail(row, facts) };
        } catch (error) {
          if (isUniqueViolation(error)) throw exists(facts.template_id);
          throw error;
        }
      },
    );

    app.delete(
      '/panel/templates/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['templates'],
          summary: 'Delete one of my templates (public ones are read-only: 403)',
          params: idParams,
          response: { 200: deleted },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (id.startsWith(PUBLIC_ID_PREFIX)) {
          if (!library.byId.has(id)) throw notFound();
          throw readOnly();
        }
        const row = await findMine(currentWorkspace(request).id, id);
        await db.delete(templates).where(eq(templates.id, row.id));
        return { data: { deleted: true } };
      },
    );

    app.post(
      '/panel/templates/upload/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['templates'],
          summary: `Upload YAML files (multipart, any field name, up to ${TEMPLATE_UPLOAD_MAX_FILES}); each is validated and saved on its own`,
          response: { 200: envelope(templateUploadResultSchema) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new HttpError(400, 'upload_empty', 'templates.upload_empty');
        const lang = request.lang;
        const files: { name: string; bytes: Buffer | null }[] = [];
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            const file = part as MultipartFile;
            const buffer = await file.toBuffer();
            // Over the limit the stream is cut short (not thrown), so the other files still load.
            const bytes = file.file.truncated ? null : buffer;
            // The name comes back in the result: no folders, controls or bidi tricks.
            files.push({ name: cleanFileName(file.filename, 'template.yaml'), bytes });
          }
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
            throw new HttpError(400, 'upload_too_many', 'templates.upload_too_many', {
              max: TEMPLATE_UPLOAD_MAX_FILES,
            });
          throw error;
        }
        if (files.length === 0) throw new HttpError(400, 'upload_empty', 'templates.upload_empty');
        if (files.length > TEMPLATE_UPLOAD_MAX_FILES)
          throw new HttpError(400, 'upload_too_many', 'templates.upload_too_many', {
            max: TEMPLATE_UPLOAD_MAX_FILES,
          });

        const workspaceId = currentWorkspace(request).id;
        const userId = currentUser(request).id;
        const result: TemplateUploadResult = { loaded: [], failed: [] };
        const fail = (
          file_name: string,
          code: string,
          key: Parameters<typeof translate>[0],
          params: Record<string, unknown> = {},
          issues: readonly TemplateIssue[] = [],
        ) =>
          result.failed.push({
            file_name,
            code,
            reason: translate(key, lang, params),
            issues: issues
              .filter((i) => i.severity === 'error')
              .map(({ path, line, column, message }) => ({ path, line, column, message })),
          });
        const seen = new Set<string>();
        const decoder = new TextDecoder('utf-8', { fatal: true });
        for (const file of files) {
          if (!/\.ya?ml$/i.test(file.name)) {
            fail(file.name, 'upload_not_yaml', 'templates.upload_not_yaml');
            continue;
          }
          if (file.bytes === null) {
            fail(file.name, 'too_large', 'templates.too_large');
            continue;
          }
          let yaml: string;
          try {
            yaml = decoder.decode(file.bytes);
          } catch {
            fail(file.name, 'upload_not_text', 'templates.upload_not_text');
            continue;
          }
          const analysis = analyseTemplate(yaml);
          if (!analysis.ok) {
            const first = analysis.issues.find((i) => i.severity === 'error');
            fail(
              file.name,
              'template_invalid',
              'templates.issue_at',
              { line: first?.line ?? 1, column: first?.column ?? 1, message: first?.message ?? '' },
              analysis.issues,
            );
            continue;
          }
          const facts = analysis.facts;
          if (seen.has(facts.template_id)) {
            fail(file.name, 'duplicate_in_upload', 'templates.duplicate_in_upload', {
              template_id: facts.template_id,
            });
            continue;
          }
          seen.add(facts.template_id);
          const [row] = await db
            .insert(templates)
            .values({ workspace_id: workspaceId, created_by: userId, ...columns(facts, yaml) })
            .onConflictDoNothing()
            .returning();
          if (!row) {
            fail(file.name, 'template_exists', 'templates.exists', { template_id: facts.template_id });
            continue;
          }
          result.loaded.push({ ...presentRow(row), file_name: file.name });
        }
        return { data: result };
      },
    );

    app.get(
      '/panel/template-tags/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['templates'],
          summary: 'Tags of the public library and my templates, for the tag picker (A→Z, paged)',
          querystring: templateTagQuery,
          response: { 200: envelope(templateTagListSchema) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const search = (request.query.search ?? '').trim().toLowerCase();
        const rows = await db
          .selectDistinct({ tag: sql<string>`unnest(${templates.tags})` })
          .from(templates)
          .where(eq(templates.workspace_id, currentWorkspace(request).id));
        const all = [...new Set([...library.tags, ...rows.map((r) => r.tag)])]
          .filter((t) => !search || t.toLowerCase().includes(search))
          .sort((a, b) => a.localeCompare(b));
        const slice = all.slice((page - 1) * page_size, page * page_size);
        return {
          data: { results: slice.map((t) => ({ id: t, name: t })), ...pageInfo(all.length, page, page_size) },
        };
      },
    );
  };
}
