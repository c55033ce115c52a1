import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseTemplate } from '@didban/core';
import { signTemplate } from '@didban/engine';
import type { Context } from '../context.js';
import { CliError, GateTripped } from '../errors.js';
import { collectTemplateFiles, readTemplateFile } from './template-files.js';

/**
 * `didban templates sign --key key.pem <paths…>`: writes nuclei's `# digest: <hex>:<fragment>`
 * line at the end of each template (an older digest line replaced), as `nuclei -sign` does, so
 * the template verifies in Didban and in nuclei with the matching certificate. A code block whose
 * `source:` names a file is signed with that file's bytes, as nuclei does.
 */
export async function signTemplatesCommand(
  ctx: Context,
  paths: string[],
  flags: { key: string },
): Promise<void> {
  let keyPem: string;
  try {
    keyPem = readFileSync(flags.key, 'utf8');
  } catch (error) {
    throw new CliError('error.read_file', { file: flags.key, reason: (error as Error).message });
  }
  let failed = 0;
  for (const file of collectTemplateFiles(paths)) {
    const text = readTemplateFile(file);
    const parsed = parseTemplate(text);
    const codeBlocks = parsed.ok && Array.isArray(parsed.template.raw.code) ? parsed.template.raw.code : [];
    const imports: Buffer[] = [];
    for (const block of codeBlocks as Record<string, unknown>[]) {
      const source = typeof block?.source === 'string' ? block.source : '';
      if (!source || source.includes('\n')) continue;
      try {
        imports.push(readFileSync(resolve(dirname(file), source)));
      } catch {}
    }
    try {
      writeFileSync(file, signTemplate(text, keyPem, imports, { hasCode: codeBlocks.length > 0 }));
      ctx.out(ctx.t('templates.signed', { file }));
    } catch (error) {
      failed++;
      ctx.out(ctx.t('templates.sign_failed', { file, reason: (error as Error).message }));
    }
  }
  if (failed > 0) throw new GateTripped();
}
