import type { Command, Option } from 'commander';
import { usageError } from './errors.js';

/**
 * nuclei's single-dash long flags (`-tags`, `-rl`, `-omit-raw`) for the flags `templates run` has,
 * with the same meaning. Commander reads `-or` as `-o r` (findings written to a file named `r`)
 * and `-list t.txt` as `-l ist`, so every single-dash word is rewritten (or refused) here before
 * commander sees it. `null` is a flag nuclei users pass that asks for what we do anyway.
 */
const TEMPLATES_RUN: Record<string, string | null> = {
  target: '--target',
  list: '--list',
  t: '--templates',
  templates: '--templates',
  id: '--id',
  'template-id': '--id',
  tags: '--tags',
  etags: '--exclude-tags',
  'exclude-tags': '--exclude-tags',
  s: '--severity',
  severity: '--severity',
  es: '--exclude-severity',
  'exclude-severity': '--exclude-severity',
  header: '--header',
  rl: '--rate-limit',
  'rate-limit': '--rate-limit',
  c: '--concurrency',
  concurrency: '--concurrency',
  timeout: '--timeout',
  esc: '--enable-self-contained',
  'enable-self-contained': '--enable-self-contained',
  dast: '--dast',
  im: '--input-mode',
  'input-mode': '--input-mode',
  headless: '--headless',
  code: '--code',
  file: '--file',
  j: '--jsonl',
  jsonl: '--jsonl',
  o: '--output',
  output: '--output',
  se: '--sarif',
  'sarif-export': '--sarif',
  silent: '--silent',
  or: '--omit-raw',
  'omit-raw': '--omit-raw',
  // nuclei v3 includes requests and responses by default; `-irr` asks for exactly that.
  irr: null,
  'include-rr': null,
  stats: '--stats',
  nc: '--no-color',
  'no-color': '--no-color',
  iserver: '--interactsh-url',
  'interactsh-server': '--interactsh-url',
  'interactsh-url': '--interactsh-url',
  itoken: '--interactsh-token',
  'interactsh-token': '--interactsh-token',
  // Nothing to update: the engine ships inside the client.
  duc: null,
  'disable-update-check': null,
};

/** A single dash and a word: nuclei's long flags (`-tags`), and its one-letter ones we lack (`-t`). */
const SINGLE_DASH_WORD = /^-([A-Za-z][A-Za-z0-9-]*)(?:=(.*))?$/s;

const takesValue = (o: Option) => o.required || o.optional;

/** The options a command (and its parents) accepts, by flag spelling. */
function optionsOf(chain: readonly Command[]): Map<string, Option> {
  const map = new Map<string, Option>();
  for (const command of chain) {
    for (const o of command.options) {
      if (o.long) map.set(o.long, o);
      if (o.short) map.set(o.short, o);
    }
  }
  return map;
}

/**
 * argv with nuclei's spellings turned into ours for `templates run` (`-t a.yaml,b.yaml` becomes
 * the paths), and any other single-dash word refused with one line (exit 2) instead of being
 * split into short flags. Values of options that take one (`--search -x`) are left alone.
 */
export function normalizeSingleDashFlags(program: Command, argv: readonly string[]): string[] {
  const out: string[] = [];
  const chain: Command[] = [program];
  let options = optionsOf(chain);
  const isTemplatesRun = () => chain.map((c) => c.name()).join(' ') === 'didban templates run';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const sub = chain.at(-1)!.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (sub) {
      chain.push(sub);
      options = optionsOf(chain);
      out.push(arg);
      continue;
    }
    const known = options.get(arg.split('=')[0]!);
    if (known) {
      out.push(arg);
      if (takesValue(known) && !arg.includes('=') && i + 1 < argv.length) out.push(argv[++i]!);
      continue;
    }
    const word = SINGLE_DASH_WORD.exec(arg);
    if (!word) {
      out.push(arg);
      continue;
    }
    const [, name, inlineValue] = word as unknown as [string, string, string | undefined];
    const mapped = isTemplatesRun() ? TEMPLATES_RUN[name.toLowerCase()] : undefined;
    // An unknown single letter (`-x`) stays commander's to refuse as an unknown option.
    if (mapped === undefined && name.length === 1) {
      out.push(arg);
      continue;
    }
    if (mapped === undefined) {
      const command = chain.map((c) => c.name()).join(' ');
      throw usageError('usage.single_dash', { flag: `-${name}`, long: `--${name}`, command });
    }
    if (mapped === null) continue;
    if (mapped === '--templates') {
      // nuclei's `-t` takes template paths, which are our positional arguments.
      const value = inlineValue ?? argv[++i];
      if (value !== undefined) out.push(...value.split(',').filter(Boolean));
      continue;
    }
    out.push(inlineValue === undefined ? mapped : `${mapped}=${inlineValue}`);
    const target = options.get(mapped);
    // An optional value (`-file [path]`) is taken only when the next word is not a flag.
    const next = argv[i + 1];
    if (
      inlineValue === undefined &&
      target &&
      takesValue(target) &&
      next !== undefined &&
      !(target.optional && next.startsWith('-'))
    )
      out.push(argv[++i]!);
  }
  return out;
}
