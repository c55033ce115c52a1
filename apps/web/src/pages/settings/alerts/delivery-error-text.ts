import { formatNumber, type Lang, localDigits } from '@didban/core';

type Rule = { pattern: RegExp; fa: (m: RegExpMatchArray) => string };

const n = (digits: string) => formatNumber(Number(digits), 'fa');

/**
 * The delivery log's error in the reader's language. The server stores what happened in English
 * (it is also the operator's log line); a Persian reader gets the known situations in Persian,
 * with the details (a host, an answer's body) kept as they came. Anything else is shown as is.
 */
const RULES: Rule[] = [
  {
    pattern: /^HTTP (\d{3})(?:: ([\s\S]*))?$/,
    fa: (m) => `پاسخ HTTP ${n(m[1]!)} از مقصد${m[2] ? `: ${m[2]}` : ''}`,
  },
  {
    pattern: /^no complete answer within ([\d.]+) s \(deadline\); connection closed$/,
    fa: (m) => `پاسخ کامل در ${localDigits(m[1]!, 'fa')} ثانیه نرسید؛ اتصال بسته شد`,
  },
  { pattern: /^destination refused: (.*)$/, fa: (m) => `مقصد مجاز نیست: ${m[1]}` },
  {
    pattern: /^no SMTP server configured/,
    fa: () => 'هیچ سرور SMTP تنظیم نشده است (DIDBAN_SMTP_URL روی سرور یا SMTP خود این کانال)',
  },
  { pattern: /^channel deleted$/, fa: () => 'کانال حذف شده است' },
  { pattern: /^connect ECONNREFUSED (.+)$/, fa: (m) => `مقصد اتصال را نپذیرفت (${m[1]})` },
  { pattern: /^getaddrinfo (?:ENOTFOUND|EAI_AGAIN) (.+)$/, fa: (m) => `نام ${m[1]} پیدا نشد` },
  { pattern: /^(?:read )?ECONNRESET$|^socket hang up$/, fa: () => 'مقصد اتصال را قطع کرد' },
  { pattern: /^Jira answered without an issue key$/, fa: () => 'Jira بدون کلید مسئله پاسخ داد' },
  { pattern: /^GitHub answered without an issue number$/, fa: () => 'GitHub بدون شماره مسئله پاسخ داد' },
];

export function deliveryErrorText(error: string, lang: Lang): string {
  if (lang !== 'fa') return error;
  for (const rule of RULES) {
    const m = error.match(rule.pattern);
    if (m) return rule.fa(m);
  }
  return error;
}
