import { formatNumber, isolate } from './format.js';
import type { Lang } from './lang.js';

/**
 * Workers write why a run stopped or skipped something in English: they do not know who will read
 * it, and a worker of any version may write it. The messages Didban itself writes (scan scope,
 * the built-in worker's limits, the task queue, templates the engine does not run) are matched
 * here and told in the reader's language; anything else (a server's own error text) is shown as
 * written. In en the message is returned unchanged.
 */
interface RunMessage {
  readonly pattern: RegExp;
  readonly fa: (match: RegExpExecArray, number: (text: string) => string) => string;
}

/** How a closed capability gate opens (engine trust/gates.ts), in Persian. */
function gateHowFa(how: string): string {
  if (how === 'this runner never opens it') return 'این اجراکننده هرگز آن را باز نمی‌کند';
  if (how === 'not supported yet') return 'هنوز پشتیبانی نمی‌شود';
  if (how === 'the scan did not ask for it') return 'اسکن آن را نخواسته است';
  const flag = /^open it with (.+)$/.exec(how);
  return flag ? `با ${isolate(flag[1]!)} باز می‌شود` : how;
}

const RUN_MESSAGES: readonly RunMessage[] = [
  {
    // A javascript template importing a nuclei/* module, or calling one of its functions, that the
    // engine does not provide ("nuclei/smb: DetectSMBGhost: …" names the function).
    pattern: /^nuclei\/([a-z0-9]+): (?:([A-Z][A-Za-z0-9]*): )?.+$/,
    fa: (m) =>
      m[2]
        ? `تابع ${isolate(m[2])} از ماژول ${isolate(`nuclei/${m[1]!}`)} در موتور دیدبان نیست`
        : `ماژول ${isolate(`nuclei/${m[1]!}`)} در موتور دیدبان نیست`,
  },
  {
    pattern: /^capability gate "([a-z-]+)" is closed \((.+)\)$/,
    fa: (m) => `دروازهٔ توانایی «${isolate(m[1]!)}» بسته است (${gateHowFa(m[2]!)})`,
  },
  {
    pattern: /^capability gate "([a-z-]+)": (.+)$/,
    fa: (m) => `دروازهٔ توانایی «${isolate(m[1]!)}»: ${runMessageText(m[2]!, 'fa')}`,
  },
  {
    // A host name refused for the address it resolves to: the address's own refusal follows.
    // Host names have no spaces, so the first " resolves to " ends the name.
    pattern: /^(\S+) resolves to (.+)$/,
    fa: (m) => `${isolate(m[1]!)} به این نشانی می‌رسد: ${runMessageText(m[2]!, 'fa')}`,
  },
  {
    pattern: /^(.+) is this server's own address: outside the allowed scan scope$/,
    fa: (m) => `${isolate(m[1]!)} نشانی خود این سرور است: بیرون از محدودهٔ مجاز اسکن`,
  },
  {
    pattern: /^(.+) is outside the allowed scan scope \((denied|internal) range (.+)\)$/,
    fa: (m) =>
      `${isolate(m[1]!)} بیرون از محدودهٔ مجاز اسکن است (${m[2] === 'denied' ? 'بازهٔ ممنوع' : 'بازهٔ داخلی'} ${isolate(m[3]!)})`,
  },
  { pattern: /^(.+) is not an address$/, fa: (m) => `${isolate(m[1]!)} نشانی نیست` },
  {
    pattern: /^the worker stopped this task after (\d+) requests, the most one task may send on it/,
    fa: (m, n) =>
      `کارگزار این وظیفه را پس از ${n(m[1]!)} درخواست متوقف کرد، بیشترین شماری که یک وظیفه می‌تواند بفرستد (قالب یا فهرست بارداده‌ای که درخواست‌های بیش از اندازه می‌خواهد؛ سقف کارگزار داخلی ${isolate('DIDBAN_BUILTIN_TASK_MAX_REQUESTS')} است)`,
  },
  {
    pattern: /^the built-in worker stopped this task: its process needed more than (\d+) MB of memory/,
    fa: (m, n) =>
      `کارگزار داخلی این وظیفه را متوقف کرد: فرایندش به بیش از ${n(m[1]!)} مگابایت حافظه نیاز داشت (${isolate('DIDBAN_BUILTIN_WORKER_MEMORY_MB')}؛ قالبی که پاسخ‌های بسیار یا بسیار بزرگ را هم‌زمان نگه می‌دارد)`,
  },
  {
    pattern: /^the built-in worker stopped this task: it ran longer than its ([\d.]+) s budget$/,
    fa: (m, n) => `کارگزار داخلی این وظیفه را متوقف کرد: بیش از بودجهٔ ${n(m[1]!)} ثانیه‌ای‌اش طول کشید`,
  },
  {
    pattern: /^the built-in worker stopped this task: it computed for more than ([\d.]+) s without a pause/,
    fa: (m, n) =>
      `کارگزار داخلی این وظیفه را متوقف کرد: بیش از ${n(m[1]!)} ثانیه بی‌وقفه محاسبه کرد (قالبی بسیار پرهزینه، مثلاً یک عبارت باقاعدهٔ فاجعه‌بار)`,
  },
  {
    pattern: /^lease expired too many times$/,
    fa: () => 'کارگزارها بارها پیش از پایان این وظیفه از دسترس رفتند؛ دیگر دوباره اجرا نمی‌شود',
  },
  {
    pattern: /^uses DSL helpers the engine does not have: (.+)$/,
    fa: (m) => `از تابع‌های DSL‌ای استفاده می‌کند که موتور ندارد: ${isolate(m[1]!)}`,
  },
  {
    pattern: /^headless templates need a browser, which Didban workers do not run$/,
    fa: () => 'قالب‌های headless به مرورگر نیاز دارند و کارگزارهای دیدبان مرورگر اجرا نمی‌کنند',
  },
  {
    pattern: /^headless templates need Chromium, which this worker does not have \(not found at (.+)\)$/,
    fa: (m) =>
      `قالب‌های headless به Chromium نیاز دارند و این کارگزار آن را ندارد (در ${isolate(m[1]!)} یافت نشد)`,
  },
  {
    pattern: /^code templates execute local interpreters on the worker, which Didban does not allow$/,
    fa: () => 'قالب‌های code مفسرهای محلی را روی کارگزار اجرا می‌کنند و دیدبان این را اجازه نمی‌دهد',
  },
  { pattern: /^unsigned$/, fa: () => 'امضا نشده' },
  { pattern: /^signature does not match its content$/, fa: () => 'امضا با محتوای قالب نمی‌خواند' },
  { pattern: /^signed by an untrusted key$/, fa: () => 'با کلیدی امضا شده که مورد اعتماد نیست' },
  {
    pattern: /^signed by (.+); template scans do not run code blocks yet$/,
    fa: (m) => `امضاشده توسط ${isolate(m[1]!)}؛ اسکن‌ها هنوز بلوک‌های code را اجرا نمی‌کنند`,
  },
  { pattern: /^docker is not available$/, fa: () => 'docker در دسترس نیست' },
  {
    pattern: /^docker is not available \(no Docker daemon answers on this machine\)$/,
    fa: () => 'docker در دسترس نیست (هیچ سرویس Docker روی این ماشین پاسخ نمی‌دهد)',
  },
  {
    pattern: /^engines '(.+)' not available on host$/,
    fa: (m) => `مفسرهای ${isolate(m[1]!)} روی این ماشین نیستند`,
  },
  {
    pattern: /^code execution deadline exceeded \((.+)\)$/,
    fa: (m) => `اجرای کد از مهلتش گذشت (${isolate(m[1]!)})`,
  },
  { pattern: /^no such file or folder$/, fa: () => 'چنین فایل یا پوشه‌ای نیست' },
  {
    pattern: /^outside the folders this runner may read \(--file-root (.+)\)$/,
    fa: (m) =>
      `بیرون از پوشه‌هایی است که این اجراکننده اجازهٔ خواندنشان را دارد (${isolate(`--file-root ${m[1]!}`)})`,
  },
  { pattern: /^pre-condition not satisfied$/, fa: () => 'پیش‌شرط برقرار نیست' },
  {
    pattern: /^javascript templates need the Nuclei JavaScript runtime and its network modules$/,
    fa: () => 'قالب‌های javascript به محیط اجرای JavaScript نوکلئای و ماژول‌های شبکه‌اش نیاز دارند',
  },
  {
    pattern: /^file templates scan the local file system, not a target$/,
    fa: () => 'قالب‌های file سامانهٔ فایل محلی را می‌کاوند، نه یک هدف را',
  },
  {
    pattern: /^the (websocket|whois) protocol is not supported$/,
    fa: (m) => `پروتکل ${m[1]} پشتیبانی نمی‌شود`,
  },
  {
    pattern: /^this flow needs the JavaScript flow runtime/,
    fa: () =>
      'این flow به محیط اجرای flow در JavaScript نیاز دارد (بی آن، تنها فراخوانی پروتکل‌هایی که با && و || به هم پیوسته‌اند اجرا می‌شوند)',
  },
  {
    pattern: /^fuzzing \(DAST\) templates need fuzzing inputs/,
    fa: () => 'قالب‌های fuzzing (DAST) به ورودی‌های fuzzing نیاز دارند که اسکن با قالب فراهم نمی‌کند',
  },
];

/**
 * A run's message (a skipped target or template, the reason a task stopped) in the reader's
 * language.
 *
 * @example
 * runMessageText('10.0.0.5:80 is outside the allowed scan scope (internal range 10.0.0.0/8)', 'fa')
 * // '⁨10.0.0.5:80⁩ بیرون از محدودهٔ مجاز اسکن است (بازهٔ داخلی ⁨10.0.0.0/8⁩)'
 */
export function runMessageText(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  const number = (text: string) => formatNumber(Number(text), lang);
  for (const { pattern, fa } of RUN_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return fa(match, number);
  }
  return message;
}
