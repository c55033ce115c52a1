import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

// Issue 34: `--lang fa --help` was Persian only in its command descriptions; option and argument
// descriptions, `alerts`, `report` and commander's own words (headings, -h, -V, help) were English.
const home = mkdtempSync(join(tmpdir(), 'didban-help-fa-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const help = async (lang: 'en' | 'fa', command: string[]) => {
  const { exitCode, stdout, stderr } = await runBinary(['--lang', lang, ...command, '--help'], {
    HOME: home,
    COLUMNS: '100',
  });
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  return stdout;
};

/** One item of a list (`--rate-limit <n> …`) as a line: its wrapped lines joined, spaces collapsed. */
function item(stdout: string, term: string): string {
  const lines = stdout.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`  ${term} `));
  let text = lines[at] ?? '';
  for (let i = at + 1; i < lines.length && /^ {3,}\S/.test(lines[i]!); i++) text += ` ${lines[i]}`;
  return text.replace(/\s+/g, ' ').trim();
}

// Commander's English headings too, so that one left untranslated does not hide its items.
const LIST_HEADINGS = ['آرگومان‌ها:', 'پرچم‌ها:', 'فرمان‌ها:', 'Arguments:', 'Options:', 'Commands:'];

/**
 * What a user reads as descriptions: the command's own paragraph (between the usage line and the
 * first heading) and, under each list heading, the text after an item's term (`--page <n>`,
 * `list [options]`), its wrapped continuation lines joined to it.
 */
function descriptions(stdout: string): string[] {
  const lines = stdout.split('\n');
  const out: string[] = [];
  const firstHeading = lines.findIndex((l) => LIST_HEADINGS.includes(l));
  out.push(lines.slice(1, firstHeading).join(' ').trim());
  let inList = false;
  for (const line of lines) {
    if (!line.startsWith(' ')) inList = LIST_HEADINGS.includes(line);
    else if (inList && /^ {2}\S/.test(line)) out.push(line.trim().split(/ {2,}/).slice(1).join(' '));
    else if (inList) out[out.length - 1] += ` ${line.trim()}`;
  }
  return out.filter((d) => d !== '');
}

// Latin words a Persian description keeps as the user types or reads them: flag values, formats,
// field and product names. Acronyms (URL, JSON, SARIF…) and snake_case values pass on their own.
const KEPT_LATIN = new Set(
  (
    'critical high medium info unknown open fixed initializing running finished failed cancelled ' +
    'scheduled json jsonl yaml html public mine executive technical server language personal none ' +
    'list burp openapi swagger headless code file true host cname status title port gone ' +
    'technologies nuclei Nuclei Chromium GitHub ProjectDiscovery Burp didban oast stderr stdout ' +
    'dast digest'
  ).split(' '),
);

/** The English words left in a description once flags, literals and JSON shapes are set aside. */
function englishWords(description: string): string[] {
  let text = description
    .replace(/`[^`]*`/g, ' ')
    .replace(/"[^"]*"|«[^»]*»/g, ' ')
    .replace(/-{1,2}[A-Za-z][\w-]*/g, ' ')
    .replace(/[\w.-]+\.(?:yaml|pem)\b|@\w+/g, ' ')
    .replace(/\b\w*_\w*\b/g, ' ');
  // JSON shapes such as { results: [{ id, name }] }, innermost first.
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/\{[^{}]*\}|\[[^[\]]*\]/g, ' ');
  }
  return (text.match(/[A-Za-z]{4,}/g) ?? []).filter((w) => !KEPT_LATIN.has(w) && w !== w.toUpperCase());
}

describe('--lang fa --help is Persian throughout (issue 34)', () => {
  it('translates the top-level help: headings, global options, -V, -h and the help command', async () => {
    const stdout = await help('fa', []);
    expect(stdout).toMatch(/^کاربرد: didban \[options\] \[command\]\n/);
    expect(stdout).toContain('\nپرچم‌ها:\n');
    expect(stdout).toContain('\nفرمان‌ها:\n');
    expect(stdout).toContain('  -V, --version     نمایش شمارهٔ نسخه\n');
    expect(stdout).toContain('  --lang <lang>     زبان پیام‌ها: en یا fa\n');
    expect(stdout).toContain('  -h, --help        نمایش راهنمای فرمان\n');
    expect(stdout).toContain('  help [command]    نمایش راهنمای یک فرمان\n');
    expect(stdout).toContain('  alerts            کانال‌ها، قاعده‌ها و ارسال‌های هشدار در فضای کاری جاری\n');
  });

  it('translates the options of vulns list, flag values kept in Latin', async () => {
    const stdout = await help('fa', ['vulns', 'list']);
    expect(stdout).toMatch(/^کاربرد: didban vulns list \[options\]\n/);
    expect(stdout).toContain('  --scan <id>           فقط آنچه این اسکن یافته است\n');
    expect(stdout).toContain('  --page <n>            صفحهٔ نمایش (۲۵ مورد در هر صفحه؛ پیش‌فرض ۱)\n');
    expect(stdout).toContain(
      '  --severity <list>     جداشده با ویرگول: critical، high، medium، low، info،\n',
    );
    expect(stdout).toContain('  -h, --help            نمایش راهنمای فرمان\n');
    expect(stdout).toContain(
      '  $ didban vulns list --all --jsonl > findings.jsonl   # جریانی: حافظهٔ ثابت در هر اندازه\n',
    );
  });

  it('translates report, commander’s "(default: …)" included', async () => {
    const stdout = await help('fa', ['report']);
    expect(stdout).toContain('ساخت گزارش PDF یا HTML روی سرور');
    expect(stdout).toContain('  --format <format>    pdf یا html (پیش‌فرض: "pdf")\n');
    expect(stdout).toContain('  --group <id>         این گروه دارایی\n');
    expect(stdout).not.toContain('default');
  });

  it('translates alerts and its subcommands, the help command included', async () => {
    const stdout = await help('fa', ['alerts']);
    expect(stdout).toMatch(/^کاربرد: didban alerts \[options\] \[command\]\n/);
    expect(stdout).toContain('  help [command]            نمایش راهنمای یک فرمان\n');
    const test = await help('fa', ['alerts', 'test']);
    expect(test).toContain('\nآرگومان‌ها:\n  channel     شناسه یا نام کانال\n');
    expect(test).toContain('  --no-wait   فقط در صف گذاشتن\n');
  });

  it('translates templates run, its argument and its nuclei-compatible flags', async () => {
    const stdout = await help('fa', ['templates', 'run']);
    expect(stdout).toContain('\nآرگومان‌ها:\n  paths ');
    expect(item(stdout, 'paths')).toBe('paths پرونده‌های قالب یا پوشه‌هایی از پرونده‌های \u200e.yaml');
    expect(item(stdout, '--rate-limit <n>')).toBe('--rate-limit <n> درخواست در ثانیه (پیش‌فرض ۱۵۰)');
    expect(item(stdout, '--resolver <ip>')).toBe(
      '--resolver <ip> حل‌کنندهٔ DNS، به شکل ip یا ip:port، برای قالب‌های DNS و نام میزبان هدف‌ها (تکرارپذیر، جداشده با ویرگول)',
    );
    expect(item(stdout, '--stats')).toBe('--stats یک سطر آمار روی stderr هر ۵ ثانیه');
  });

  it('leaves no English word in any description of any command', async () => {
    const commands = [
      [],
      ['login'],
      ['logout'],
      ['whoami'],
      ['workspace'],
      ['workspace', 'list'],
      ['workspace', 'use'],
      ['groups'],
      ['groups', 'list'],
      ['groups', 'create'],
      ['groups', 'rediscover'],
      ['assets'],
      ['assets', 'list'],
      ['assets', 'export'],
      ['scans'],
      ['scans', 'list'],
      ['scans', 'start'],
      ['scans', 'follow'],
      ['scans', 'cancel'],
      ['vulns'],
      ['vulns', 'list'],
      ['vulns', 'set-status'],
      ['vulns', 'retest'],
      ['vulns', 'assign'],
      ['vulns', 'comment'],
      ['vulns', 'accept'],
      ['vulns', 'bulk'],
      ['ui'],
      ['templates'],
      ['templates', 'validate'],
      ['templates', 'sign'],
      ['templates', 'list'],
      ['templates', 'run'],
      ['config'],
      ['config', 'show'],
      ['config', 'set'],
      ['alerts'],
      ['alerts', 'list'],
      ['alerts', 'test'],
      ['report'],
    ];
    const pages = await Promise.all(commands.map((c) => help('fa', c)));
    const english = pages.flatMap((stdout, i) =>
      descriptions(stdout)
        .filter((d) => englishWords(d).length > 0)
        .map((d) => `${['didban', ...commands[i]!].join(' ')}: ${d}`),
    );
    expect(english).toEqual([]);
    const englishHeadings = pages.filter((stdout) => /^(?:Usage|Options|Commands|Arguments):/m.test(stdout));
    expect(englishHeadings).toEqual([]);
    // The comments after the examples' command lines (`$ didban scans follow … # a CI gate`).
    const comments = pages.flatMap((stdout) =>
      [...stdout.matchAll(/^ {2}\$ didban .* # (.+)$/gm)].map((m) => m[1]!),
    );
    expect(comments).toHaveLength(4);
    expect(comments.filter((c) => englishWords(c).length > 0)).toEqual([]);
  }, 60_000);
});

describe('--lang en --help is unchanged', () => {
  it('prints commander’s English words and the English descriptions, as before', async () => {
    const stdout = await help('en', ['vulns', 'list']);
    expect(stdout).toMatch(/^Usage: didban vulns list \[options\]\n/);
    expect(stdout).toContain('\nOptions:\n  --scan <id>           only what this scan found\n');
    expect(stdout).toContain('  --page <n>            page to show (25 per page; default 1)\n');
    expect(stdout).toContain('  -h, --help            display help for command\n');
    const report = await help('en', ['report']);
    expect(report).toContain('  --format <format>    pdf or html (default: "pdf")\n');
    const top = await help('en', []);
    expect(top).toContain('  -V, --version     output the version number\n');
    expect(top).toContain('  help [command]    display help for command\n');
  });
});
