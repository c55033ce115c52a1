import { EventEmitter } from 'node:events';
import { createPoller } from '@didban/core';
import { describe, expect, it } from 'vitest';
import type { Context } from '../src/context.js';
import { createTranslator } from '../src/i18n/translate.js';
import { followProgress } from '../src/ui/progress/follow-progress.js';

type History = { status: string; done: number; total: number };
const source = { label: 'scan 7', toState: (h: History) => ({ ...h, startedAt: null }) };

/** A poller over scripted answers, polling every 20 ms so the test runs on real timers. */
function poller() {
  const answers: History[] = [
    { status: 'running', done: 1, total: 2 },
    { status: 'finished', done: 2, total: 2 },
  ];
  let i = 0;
  return createPoller<History>({
    fetch: async () => answers[Math.min(i++, answers.length - 1)]!,
    isTerminal: (h) => h.status === 'finished',
    intervalMs: 20,
  });
}

/** Just what followProgress reads from a Context: the output stream, `out` and `t`. */
function contextWith(
  stdout: { write(s: string): boolean; isTTY: boolean },
  env: Record<string, string> = {},
) {
  const lines: string[] = [];
  const ctx = {
    io: { stdout },
    env,
    t: createTranslator('en'),
    out: (line: string) => lines.push(line),
  } as unknown as Context;
  return { ctx, lines };
}

describe('followProgress', () => {
  it('prints plain lines when stdout is not a terminal and returns the final snapshot', async () => {
    const { ctx, lines } = contextWith({ write: () => true, isTTY: false });
    const final = await followProgress(ctx, poller(), source);
    expect(final).toMatchObject({ status: 'done', data: { status: 'finished' } });
    expect(lines).toEqual(['scan 7: running [1/2] elapsed 0s', 'scan 7: finished [2/2] elapsed 0s']);
  });

  it('draws the Ink view on a terminal and leaves the final frame on screen', async () => {
    let screen = '';
    const terminal = fakeTerminal((s) => {
      screen += s;
    });
    const { ctx, lines } = contextWith(terminal);
    const final = await followProgress(ctx, poller(), source);
    expect(final.status).toBe('done');
    expect(lines).toEqual([]);
    expect(screen).toContain('scan 7');
    expect(screen).toContain('[████████████████████] 2/2');
  });

  it('prints plain lines on a terminal when a CI system runs it (Ink would draw only the last frame)', async () => {
    let screen = '';
    const terminal = fakeTerminal((s) => {
      screen += s;
    });
    const { ctx, lines } = contextWith(terminal, { CI: 'true' });
    const final = await followProgress(ctx, poller(), source);
    expect(final.status).toBe('done');
    expect(screen).toBe('');
    expect(lines).toEqual(['scan 7: running [1/2] elapsed 0s', 'scan 7: finished [2/2] elapsed 0s']);
  });
});

/** A terminal as Ink sees one: a TTY stream that can emit `resize`. */
function fakeTerminal(write: (s: string) => void) {
  return Object.assign(new EventEmitter(), {
    write: (s: string) => {
      write(s);
      return true;
    },
    isTTY: true,
    columns: 80,
    rows: 24,
  });
}

describe('elapsed time', () => {
  it('never runs backwards when the server moves the start (created, then started by a worker)', async () => {
    // Followed from t=0; the run was created at t=0 and shows 5s; then it ends having started at
    // t=4 and finished at t=5, which alone would read `elapsed 1s`.
    let clock = 0;
    const answers = [
      { status: 'running', done: 1, total: 2, startedAt: 0, finishedAt: null },
      { status: 'finished', done: 2, total: 2, startedAt: 4_000, finishedAt: 5_000 },
    ];
    let i = 0;
    const p = createPoller({
      fetch: async () => {
        clock = i === 0 ? 5_000 : 5_200;
        return answers[Math.min(i++, 1)]!;
      },
      isTerminal: (h) => h.status === 'finished',
      intervalMs: 20,
    });
    const lines: string[] = [];
    const { followPlain } = await import('../src/ui/progress/plain-progress.js');
    await followPlain(
      p,
      { label: 'scan 7', toState: (h) => h },
      (l) => lines.push(l),
      createTranslator('en'),
      () => clock,
    );
    expect(lines).toEqual(['scan 7: running [1/2] elapsed 5s', 'scan 7: finished [2/2] elapsed 5s']);
  });
});
