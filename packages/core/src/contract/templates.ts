import { z } from 'zod';
import { TEMPLATE_SEVERITIES } from '../templates/types.js';
import { pagedList, pageQuery } from './envelope.js';

/**
 * Templates (spec §2 /templates, §3 picker items, §7 `GET panel/templates/`,
 * `GET panel/template-tags/`). Two sources: `mine` (the workspace's own, editable by admins and
 * the owner) and `public` (the library shipped with Didban, read-only, ids `public:<template id>`).
 */
export const TEMPLATE_SCOPES = ['mine', 'public'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];

/** Largest template accepted, in characters (Nuclei's biggest community templates are ~60 KB). */
export const TEMPLATE_YAML_MAX = 256 * 1024;
/** Files per upload. */
export const TEMPLATE_UPLOAD_MAX_FILES = 50;

/** A list and picker item. `id` is what scans reference; `template_id` is the YAML `id:`. */
export const templateItemSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  name: z.string(),
  severity: z.enum(TEMPLATE_SEVERITIES),
  tags: z.array(z.string()),
  /** First protocol of the template (`http`, `dns`, `tcp`, `ssl`, `workflows`, or a rejected one). */
  protocol: z.string(),
  author: z.array(z.string()),
  source: z.enum(TEMPLATE_SCOPES),
  /** False when the engine will not run it (headless, code, flow, …); the reason is in the detail. */
  runnable: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const templateDetailSchema = templateItemSchema.extend({
  yaml: z.string(),
  description: z.string().nullable(),
  remediation: z.string().nullable(),
  reference: z.array(z.string()),
  /** Why the engine will not run it, when `runnable` is false. */
  rejected_reason: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const templateListSchema = pagedList(templateItemSchema);
export type TemplateList = z.infer<typeof templateListSchema>;

/** `GET panel/templates/` filters. Severity, tag and protocol accept comma-separated values. */
export const templateListQuery = pageQuery.extend({
  scope: z.enum(TEMPLATE_SCOPES).optional(),
  severity: z.string().max(200).optional(),
  tag: z.string().max(500).optional(),
  protocol: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
});
export type TemplateListQuery = z.input<typeof templateListQuery>;

/** Create or replace a template: its YAML, validated by the same parser the editor uses. */
export const templateWriteSchema = z.object({
  yaml: z.string().min(1, 'validation.required').max(TEMPLATE_YAML_MAX, 'templates.too_large'),
});
export type TemplateWriteInput = z.infer<typeof templateWriteSchema>;

/** One problem found in a template, with where it is. */
export const templateIssueSchema = z.object({
  path: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  message: z.string(),
});
export type TemplateIssueItem = z.infer<typeof templateIssueSchema>;

/** `POST panel/templates/upload/`: which files loaded and which failed, with reasons. */
export const templateUploadResultSchema = z.object({
  loaded: z.array(templateItemSchema.extend({ file_name: z.string() })),
  failed: z.array(
    z.object({
      file_name: z.string(),
      /** In the caller's language. */
      reason: z.string(),
      code: z.string(),
      issues: z.array(templateIssueSchema),
    }),
  ),
});
export type TemplateUploadResult = z.infer<typeof templateUploadResultSchema>;

/** Tag picker item: the tag itself is the id. */
export const templateTagSchema = z.object({ id: z.string(), name: z.string() });
export type TemplateTag = z.infer<typeof templateTagSchema>;
export const templateTagListSchema = pagedList(templateTagSchema);
export type TemplateTagList = z.infer<typeof templateTagListSchema>;
export const templateTagQuery = pageQuery.extend({ search: z.string().max(100).optional() });
