import {
  type FindingHistoryEntry,
  type FindingRetest,
  type Lang,
  RETEST_VERDICTS,
  type RetestVerdict,
  VULNERABILITY_STATUSES,
  type VulnerabilityDetail,
  type VulnerabilityStatus,
} from '@didban/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { DueMark } from './due-mark';
import {
  useAddComment,
  useAssign,
  useFindingComments,
  useFindingHistory,
  useFindingRetests,
  useRetest,
  useWorkspaceMembers,
} from './use-findings';

const section = 'flex flex-col gap-2';
const heading = 'text-sm font-medium text-zinc-300';
const VERDICT_TONE: Record<string, string> = {
  still_vulnerable: 'bg-red-500/15 text-red-300 ring-red-500/40',
  fixed: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  inconclusive: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
};

/**
 * The drawer's lifecycle part (issue 32): due date and overdue mark, the acceptance's end and the
 * triage reason, the assignee, a Retest button with its verdict, the comment thread and the
 * who-and-when history of every change.
 */
export function FindingLifecycle({ vuln }: { vuln: VulnerabilityDetail }) {
  return (
    <div className="flex flex-col gap-6" data-testid="finding-lifecycle">
      <OwnerAndDeadline vuln={vuln} />
      <RetestSection vulnId={vuln.id} />
      <CommentThread vulnId={vuln.id} />
      <FindingHistoryList vulnId={vuln.id} />
    </div>
  );
}

function OwnerAndDeadline({ vuln }: { vuln: VulnerabilityDetail }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const members = useWorkspaceMembers();
  const assign = useAssign(vuln.id);
  const current = vuln.assignee?.username ?? '';
  const choices = useMemo(() => {
    const names = new Set(members.data ?? []);
    if (current) names.add(current);
    return [...names];
  }, [members.data, current]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <span className="text-xs text-zinc-500">{t('lifecycle.due')}</span>
        <DueMark vuln={vuln} />
        {vuln.accepted_until ? (
          <span className="text-xs text-zinc-400" data-testid="vuln-accepted-until">
            {t('lifecycle.acceptedUntil', { date: formatDate(vuln.accepted_until, lang) })}
          </span>
        ) : null}
        {vuln.status_reason ? (
          <span className="text-xs break-words text-zinc-400" dir="auto" data-testid="vuln-status-reason">
            {t('lifecycle.statusReason', { reason: vuln.status_reason })}
          </span>
        ) : null}
      </div>
      <label className="flex flex-col gap-1 text-xs text-zinc-500">
        {t('lifecycle.assignee')}
        <select
          value={current}
          disabled={assign.isPending}
          onChange={(e) => assign.mutate(e.target.value || null)}
          className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm text-zinc-100"
          data-testid="vuln-assignee"
        >
          <option value="">{t('lifecycle.unassigned')}</option>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function VerdictBadge({ verdict }: { verdict: NonNullable<FindingRetest['verdict']> }) {
  const { t } = useTranslation('scans');
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${VERDICT_TONE[verdict]}`}
      data-testid="retest-verdict"
      data-verdict={verdict}
    >
      {t(`lifecycle.verdict.${verdict}`)}
    </span>
  );
}

function RetestEvidence({ retest }: { retest: FindingRetest }) {
  const { t } = useTranslation('scans');
  if (!retest.evidence.length) return null;
  return (
    <div className="flex flex-col gap-2">
      {retest.evidence.map((e) => (
        <details
          key={`${e.kind}-${e.request ?? ''}-${e.response?.length ?? 0}`}
          className="rounded-lg border border-zinc-800 bg-zinc-950/60"
        >
          <summary className="cursor-pointer px-3 py-1.5 text-xs text-zinc-400">
            {t('lifecycle.evidence', { kind: t(`lifecycle.evidenceKind.${e.kind}`) })}
          </summary>
          <pre
            dir="ltr"
            className="max-h-48 overflow-auto px-3 py-2 text-start font-mono text-[11px] whitespace-pre-wrap break-all text-zinc-300"
            data-testid="retest-evidence"
          >
            {[e.request, e.response].filter(Boolean).join('\n\n')}
          </pre>
        </details>
      ))}
    </div>
  );
}

function RetestSection({ vulnId }: { vulnId: string }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const retests = useFindingRetests(vulnId);
  const retest = useRetest(vulnId);
  const latest = retests.data?.[0];
  const waiting = latest?.status === 'queued' || retest.isPending;
  return (
    <section className={section} data-testid="finding-retest">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className={heading}>{t('lifecycle.lastRetest')}</h3>
        <button
          type="button"
          disabled={waiting}
          onClick={() => retest.mutate(undefined)}
          className="ms-auto rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-500 disabled:opacity-60"
          data-testid="retest-button"
        >
          {t('lifecycle.retest')}
        </button>
      </div>
      {waiting ? (
        <p className="text-sm text-zinc-400" role="status" data-testid="retest-waiting">
          {t('lifecycle.retesting')}
        </p>
      ) : latest?.verdict ? (
        <div className="flex flex-col gap-2" data-testid="retest-latest">
          <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-400">
            <VerdictBadge verdict={latest.verdict} />
            <span>{latest.requested_by ?? t('lifecycle.byServer')}</span>
            {latest.finished_at ? (
              <time className="text-xs text-zinc-500">{formatDateTime(latest.finished_at, lang)}</time>
            ) : null}
          </div>
          {latest.reason ? (
            <p className="text-sm text-zinc-300" dir="auto" data-testid="retest-reason">
              {t('lifecycle.verdictReason', { reason: latest.reason })}
            </p>
          ) : null}
          <RetestEvidence retest={latest} />
        </div>
      ) : null}
    </section>
  );
}

/** `@name` at the caret: the word being typed, if it starts with @. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([\w.-]*)$/.exec(text.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() } : null;
}

function CommentThread({ vulnId }: { vulnId: string }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const comments = useFindingComments(vulnId);
  const add = useAddComment(vulnId);
  const members = useWorkspaceMembers();
  const [body, setBody] = useState('');
  const [caret, setCaret] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const typing = mentionAt(body, caret);
  const suggestions = typing
    ? (members.data ?? []).filter((m) => m.toLowerCase().startsWith(typing.query)).slice(0, 6)
    : [];
  const pick = (name: string) => {
    if (!typing) return;
    const next = `${body.slice(0, typing.start)}@${name} ${body.slice(caret)}`;
    const at = typing.start + name.length + 2;
    setBody(next);
    setCaret(at);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };
  return (
    <section className={section} aria-labelledby={`comments-${vulnId}`}>
      <h3 id={`comments-${vulnId}`} className={heading}>
        {t('lifecycle.comments')}
      </h3>
      {comments.data?.length ? (
        <ol className="flex flex-col gap-2" data-testid="finding-comments">
          {comments.data.map((c) => (
            <li key={c.id} className="rounded-lg border border-zinc-800 bg-zinc-950/40 px-3 py-2">
              <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                <span className="font-medium text-zinc-300">{c.author}</span>
                <time>{formatDateTime(c.created_at, lang)}</time>
              </div>
              <p className="mt-1 text-sm whitespace-pre-line break-words text-zinc-200" dir="auto">
                {c.body}
              </p>
              {c.mentions.length ? (
                <p className="mt-1 text-xs text-brand-300" data-testid="comment-mentions">
                  <Mentions names={c.mentions} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-zinc-500">
          {comments.isLoading ? t('form.loading') : t('lifecycle.commentsEmpty')}
        </p>
      )}
      <form
        className="relative flex flex-col gap-2"
        data-testid="comment-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim()) return;
          add.mutate(body.trim(), { onSuccess: () => setBody('') });
        }}
      >
        <label className="flex flex-col gap-1 text-xs text-zinc-500">
          {t('lifecycle.commentLabel')}
          <textarea
            ref={box}
            value={body}
            rows={2}
            maxLength={5000}
            dir="auto"
            placeholder={t('lifecycle.commentPlaceholder')}
            onChange={(e) => {
              setBody(e.target.value);
              setCaret(e.target.selectionStart);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-600"
          />
        </label>
        {suggestions.length ? (
          <ul
            aria-label={t('lifecycle.mentionSuggestions')}
            className="flex flex-wrap gap-1.5"
            data-testid="mention-suggestions"
          >
            {suggestions.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  onClick={() => pick(name)}
                  className="rounded-full bg-zinc-800 px-2.5 py-0.5 text-xs text-zinc-200 hover:bg-brand-600/40"
                  dir="ltr"
                >
                  @{name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button
          type="submit"
          disabled={add.isPending || !body.trim()}
          className="self-start rounded-lg bg-zinc-800 px-3 py-1.5 text-sm font-medium text-zinc-100 hover:bg-zinc-700 disabled:opacity-50"
        >
          {t('lifecycle.commentSend')}
        </button>
      </form>
    </section>
  );
}

/** "Mentioned: @a, @b" with the names isolated left to right, so an RTL line keeps @ before each name. */
function Mentions({ names }: { names: string[] }) {
  const { t } = useTranslation('scans');
  const [before = '', after = ''] = t('lifecycle.mentioned', { who: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <bdi dir="ltr">{names.map((m) => `@${m}`).join(', ')}</bdi>
      {after}
    </>
  );
}

function FindingHistoryList({ vulnId }: { vulnId: string }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const history = useFindingHistory(vulnId);
  const retests = useFindingRetests(vulnId);
  const byId = new Map((retests.data ?? []).map((r) => [r.id, r]));
  return (
    <section className={section}>
      <h3 className={heading}>{t('lifecycle.history')}</h3>
      {history.data?.length ? (
        <ol className="flex flex-col gap-2 border-s border-zinc-800 ps-3" data-testid="finding-history">
          {history.data.map((entry) => (
            <HistoryLine
              key={entry.id}
              entry={entry}
              retest={byId.get(text(entry.data.retest_id))}
              lang={lang}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-zinc-500">
          {history.isLoading ? t('form.loading') : t('lifecycle.historyEmpty')}
        </p>
      )}
    </section>
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const isStatus = (v: string): v is VulnerabilityStatus =>
  (VULNERABILITY_STATUSES as readonly string[]).includes(v);
const isVerdict = (v: string): v is RetestVerdict => (RETEST_VERDICTS as readonly string[]).includes(v);

function HistoryLine({
  entry,
  retest,
  lang,
}: {
  entry: FindingHistoryEntry;
  retest: FindingRetest | undefined;
  lang: Lang;
}) {
  const { t } = useTranslation('scans');
  // A retest the workspace's schedule queued names the schedule, not a member (issue 32).
  const who =
    entry.kind === 'retest' && entry.data.automatic === true
      ? t('lifecycle.byAutoRetest')
      : (entry.by ?? t('lifecycle.byServer'));
  const d = entry.data;
  const status = (s: unknown) =>
    isStatus(text(s)) ? t(`vuln.status.${text(s) as VulnerabilityStatus}`) : text(s);
  let line: string;
  const extra: string[] = [];
  if (entry.kind === 'status') {
    line = text(d.from)
      ? t('lifecycle.historyEntry.status', { who, from: status(d.from), to: status(d.to) })
      : t('lifecycle.historyEntry.statusNew', { who, to: status(d.to) });
    if (text(d.reason)) extra.push(t('lifecycle.reasonLine', { reason: text(d.reason) }));
    if (text(d.accepted_until))
      extra.push(t('lifecycle.untilLine', { date: formatDate(text(d.accepted_until), lang) }));
  } else if (entry.kind === 'assignee') {
    line = text(d.to)
      ? t('lifecycle.historyEntry.assignee', { who, to: text(d.to) })
      : t('lifecycle.historyEntry.unassign', { who });
  } else if (entry.kind === 'due_date') {
    line = text(d.to)
      ? t('lifecycle.historyEntry.due_date', { who, to: formatDate(text(d.to), lang) })
      : t('lifecycle.historyEntry.due_date_cleared', { who });
  } else if (entry.kind === 'retest') {
    const verdict = text(d.verdict) || retest?.verdict || '';
    line = t('lifecycle.historyEntry.retest', {
      who,
      verdict: isVerdict(verdict) ? t(`lifecycle.verdict.${verdict}`) : '…',
    });
    if (retest?.reason) extra.push(t('lifecycle.verdictReason', { reason: retest.reason }));
  } else {
    line = t('lifecycle.historyEntry.comment', { who });
    if (text(d.body)) extra.push(text(d.body));
  }
  return (
    <li className="flex flex-col gap-0.5 text-sm" data-testid="history-entry" data-kind={entry.kind}>
      <span className="text-zinc-200" dir="auto">
        {line}
      </span>
      {extra.map((x) => (
        <span key={x} className="text-xs break-words text-zinc-400" dir="auto">
          {x}
        </span>
      ))}
      <time className="text-xs text-zinc-500" dateTime={entry.at}>
        {formatDateTime(entry.at, lang)}
      </time>
      {entry.kind === 'retest' && retest ? <RetestEvidence retest={retest} /> : null}
    </li>
  );
}
