import type { Page } from 'playwright-core';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { formatDateTime } from '../../../apps/web/src/lib/format-date';
import type { Lang } from './browser';

/**
 * What a person walking the panel in Chromium found wrong on particular routes, measured the way
 * they saw it (each check failed before its fix). Returns the problems found on `route`.
 */
type Check = (page: Page, lang: Lang, width: number) => Promise<string[]>;

/** The box of an element's text itself (not of the element), left, right and how many lines. */
const textBox = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    const box = el.getBoundingClientRect();
    const first = document.createRange();
    const node =
      el.firstChild?.nodeType === Node.TEXT_NODE ? el.firstChild : el.querySelector('*')?.firstChild;
    if (node) {
      first.setStart(node, 0);
      first.setEnd(node, 1);
    }
    const firstBox = node ? first.getBoundingClientRect() : null;
    return {
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
      lines: new Set(rects.map((r) => Math.round(r.top))).size,
      box: { left: box.left, right: box.right, width: box.width },
      firstChar: firstBox ? { left: firstBox.left, right: firstBox.right } : null,
      text: el.textContent ?? '',
    };
  }, selector);

const phone: Record<string, Check> = {
  // Rows of the notification history: beside the badges the text was one word a line.
  '/settings/notifications': async (page) => {
    const widths = await page
      .getByTestId('notification-row')
      .locator('button')
      .first()
      .evaluate((b) => b.getBoundingClientRect().width);
    return widths < 220 ? [`notification text squeezed to ${Math.round(widths)} px`] : [];
  },
  // A team in "My teams": name, member count and date were squeezed beside the role and buttons.
  '/settings/teams': async (page) => {
    const info = await textBox(page, '[data-testid="team-row"] > div');
    return info && info.box.width < 220 ? [`team details squeezed to ${Math.round(info.box.width)} px`] : [];
  },
  // The ticket's message box was a sliver beside Attach and Send, its hint cut.
  '/settings/support/:id': async (page) => {
    const width = await page
      .locator('form textarea')
      .first()
      .evaluate((t) => t.getBoundingClientRect().width);
    return width < 250 ? [`message box only ${Math.round(width)} px wide`] : [];
  },
  // The worker's name wrapped at its hyphen in the list ("walk-" / "worker").
  '/workers': async (page) => {
    const name = await textBox(page, '[data-testid="worker-row"] a');
    return name && name.lines > 1 ? [`worker name on ${name.lines} lines`] : [];
  },
};

const always: Record<string, Check> = {
  // A team's (English) name sat at the left of its row in fa, away from the rest of the row.
  '/settings/teams': async (page, lang) => {
    const name = await textBox(page, '[data-testid="team-row"] p');
    if (!name) return ['no team name'];
    const off = lang === 'fa' ? name.box.right - name.right : name.left - name.box.left;
    return Math.abs(off) > 2 ? [`team name ${Math.round(off)} px away from its start edge`] : [];
  },
  // An English ticket subject in the fa list lost its start ("…ket about a long subject line").
  '/settings/support': async (page) => {
    const title = await textBox(page, '[data-testid="ticket-row"] p');
    if (!title?.firstChar) return ['no ticket subject'];
    return title.firstChar.left < title.box.left - 1 || title.firstChar.right > title.box.right + 1
      ? ['ticket subject cut at its start']
      : [];
  },
  // The docker tip split "--network host" into "--" and "network host" (or drew "network host--").
  '/workers/:id': async (page) => {
    const code = await textBox(page, '[data-testid="setup-docker-local"] code');
    if (!code) return ['"--network host" is not shown as a command'];
    return code.text !== '--network host' || code.lines > 1
      ? [`command shown as "${code.text}" on ${code.lines} lines`]
      : [];
  },
  // The group page labelled a setting "Worker group (optional)", the wizard's field label.
  '/assets/:id': async (page, lang) => {
    const words = lang === 'fa' ? assetsGroupsFa : assetsGroupsEn;
    const details = (await page.getByTestId('group-details').textContent()) ?? '';
    const problems = details.includes(words.wizard.workerGroup)
      ? ['setting labelled as an optional field']
      : [];
    if (!details.includes(words.group.workerGroup)) problems.push('no worker group setting');
    // A card's page title (English) lines up with its host, at the start of the page's direction.
    const title = await textBox(page, '[data-testid="asset-title"]');
    if (title) {
      const off = lang === 'fa' ? title.box.right - title.right : title.left - title.box.left;
      if (Math.abs(off) > 2) problems.push(`asset title ${Math.round(off)} px away from its start edge`);
    }
    return problems;
  },
  // The delivery log's time was the browser's numeric date ("۱۴۰۵/۹/۶،‏ ۱۳:۰۵:۵۶"), unlike every other date.
  '/settings/alerts': async (page, lang) => {
    const cell = page.getByTestId('delivery-time').first();
    if (!(await cell.count())) return ['no delivery time cell'];
    const shown = (await cell.textContent())?.trim() ?? '';
    const created = await page.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem('didban.auth') ?? '{}') as { token?: string };
      const answer = await fetch('/api/v1/panel/alerts/deliveries/', {
        headers: { authorization: `Bearer ${auth.token}` },
      });
      const body = (await answer.json()) as {
        data?: { results?: { created_at: string }[] };
        results?: { created_at: string }[];
      };
      return (body.data?.results ?? body.results)?.[0]?.created_at ?? '';
    });
    const expected = formatDateTime(created, lang);
    return shown === expected ? [] : [`delivery time "${shown}", expected "${expected}"`];
  },
};

/** Problems a person would notice on `pattern` (a route with ":id" for its id) at this width. */
export async function layoutProblems(
  page: Page,
  pattern: string,
  lang: Lang,
  width: number,
): Promise<string[]> {
  const checks = [always[pattern], width <= 400 ? phone[pattern] : undefined].filter(
    (c): c is Check => c !== undefined,
  );
  const found: string[] = [];
  for (const check of checks) found.push(...(await check(page, lang, width)));
  return found;
}
