import { mssqlModule, oracleModule } from './detect.js';
import { bytesModule, fsModule, ldapModule, rdpModule, rsyncModule, sshModule } from './more.js';
import { netModule } from './net.js';
import { redisModule } from './redis.js';
import { smbModule } from './smb.js';
import { mysqlModule, postgresModule } from './sql.js';
import type { HostModule } from './types.js';

/** The `nuclei/*` modules the sandbox provides. */
export const MODULES: ReadonlyMap<string, HostModule> = new Map(
  [
    netModule,
    redisModule,
    postgresModule,
    mysqlModule,
    sshModule,
    ldapModule,
    rsyncModule,
    rdpModule,
    fsModule,
    bytesModule,
    smbModule,
    mssqlModule,
    oracleModule,
  ].map((m) => [m.name, m]),
);

/** Modules nuclei has that Didban does not provide, with the reason. */
export const REFUSED_MODULES: Readonly<Record<string, string>> = {
  smtp: 'the SMTP client is not provided',
  pop3: 'the POP3 client is not provided',
  kerberos: 'Kerberos is not provided',
  vnc: 'the VNC client is not provided',
  telnet: 'the telnet client is not provided',
  structs: 'nuclei/structs is not provided',
  goconsole: 'nuclei/goconsole is not provided',
};

/** Names every script may call besides module functions (nuclei's globals). */
const GLOBAL_NAMES = new Set([
  'Export',
  'ExportAs',
  'ToBytes',
  'ToString',
  'Math',
  'JSON',
  'Object',
  'Array',
  'String',
  'Number',
  'Date',
  'RegExp',
  'Error',
  'Promise',
  'Boolean',
  'Symbol',
  'BigInt',
  'Set',
  'Map',
]);

/**
 * Why a `javascript:` block cannot run here, naming the module (and function), or undefined.
 * Scripts are read statically: every required module must exist, and a capitalised method called
 * in the code must be one the required modules provide.
 */
export function javascriptRefusal(
  blocks: readonly { code?: unknown; 'pre-condition'?: unknown; init?: unknown }[],
): string | undefined {
  for (const b of blocks) {
    const text = [b.code, b['pre-condition'], b.init].filter((s) => typeof s === 'string').join('\n');
    const required = [...text.matchAll(/require\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((m) => m[2]!);
    if (/(^|[^.\w])bytes\./.test(text)) required.push('nuclei/bytes');
    const api = new Set<string>(GLOBAL_NAMES);
    for (const name of required) {
      const m = /^nuclei\/([A-Za-z0-9_-]+)$/.exec(name);
      if (!m) return `require('${name}'): only nuclei/* modules exist in the sandbox`;
      const mod = MODULES.get(m[1]!);
      if (!mod) return `nuclei/${m[1]}: ${REFUSED_MODULES[m[1]!] ?? 'no such module'}`;
      for (const f of mod.api) api.add(f);
    }
    for (const call of text.matchAll(/\.([A-Z][A-Za-z0-9_]*)\s*\(/g)) {
      const fn = call[1]!;
      if (!api.has(fn)) {
        for (const name of required) {
          const why = MODULES.get(name.replace('nuclei/', ''))?.refused?.[fn];
          if (why) return `${name}: ${fn}: ${why}`;
        }
        const owner = required.map((r) => r.replace('nuclei/', '')).join(', ') || 'no module';
        return `nuclei/${owner}: ${fn} is not implemented`;
      }
    }
  }
  return undefined;
}
