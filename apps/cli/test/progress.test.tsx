import { ApiError, createPoller, type ScanHistory } from '@didban/core';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../src/i18n/translate.js';
import { type RunProgress, scanSource } from '../src/services/scan-follow.js';
import { followPlain } from '../src/ui/progress/plain-progress.js';
import { formatElapsed, type ProgressSource, progressBar } from '../src/ui/progress/progress-model.js';
import { ProgressView } from '../src/ui/progress/progress-view.js';

/** The shape `scans follow` will read from a scan history; here the answers are scripted. */
type History = {
  status: 'pending' | 'running' | 'finished';
  tasks_done: number;
  total_task: number;
  started: number;
};
const source: ProgressSource<History> = {
  label: 'scan 42',
  toState: (h) => ({ status: h.status, done: h.tasks_done, total: h.total_task, startedAt: h.started }),
};
const t = createTranslator('en');
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A poller over a scripted sequence of server answers (an Error entry is a failed poll). */
function scriptedPoller(answers: (History | Error)[]) {
  let i = 0;
  return createPoller<History>({
    fetch: async () => {
      const next = answers[Math.min(i++, answers.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    },
    isTerminal: (h) => h.status === 'finished',
    intervalMs: 5_000,
  });
}

// React schedules renders with setImmediate, which stays real: the clock is fake, drawing is not.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

/** Move the fake clock, then let React and Ink draw the frame. */
async function tick(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('progress formatting', () => {
  it('draws a bar with counts, or N/A while the total is unknown', () => {
    expect(progressBar(3, 10, 10)).toBe('[███░░░░░░░] 3/10');
    expect(progressBar(0, 0, 4)).toBe('N/A');
    expect(progressBar(0, null, 4)).toBe('N/A');
    expect(progressBar(12, 10, 4)).toBe('[████] 12/10');
  });
  it('prints elapsed time compactly', () => {
    expect(formatElapsed(7_400)).toBe('7s');
    expect(formatElapsed(125_000)).toBe('2m 05s');
    expect(formatElapsed(3_723_000)).toBe('1h 02m 03s');
  });
});

describe('the Ink progress view', () => {
  it('shows status, a done/total bar and elapsed time, polling every 5 s until finished', async () => {
    const poller = scriptedPoller([
      { status: 'running', tasks_done: 1, total_task: 4, started: T0 },
      { status: 'running', tasks_done: 3, total_task: 4, started: T0 },
      { status: 'finished', tasks_done: 4, total_task: 4, started: T0 },
    ]);
    const { lastFrame, unmount } = render(<ProgressView poller={poller} source={source} t={t} />);
    expect(lastFrame()).toBe('scan 42  waiting for the first answer…');

    poller.start();
    await tick(1_000);
    expect(lastFrame()).toBe('scan 42  running\n[█████░░░░░░░░░░░░░░░] 1/4  elapsed 1s');

    await tick(2_000);
    expect(lastFrame()).toContain('elapsed 3s');

    await tick(2_000);
    expect(lastFrame()).toBe('scan 42  running\n[███████████████░░░░░] 3/4  elapsed 5s');

    await tick(5_000);
    expect(lastFrame()).toBe('scan 42  finished\n[████████████████████] 4/4  elapsed 10s');
    expect(poller.getSnapshot()).toMatchObject({ status: 'done', fetches: 3 });
    unmount();
  });

  it('keeps following through a failed poll and says so until the next answer', async () => {
    const poller = scriptedPoller([
      { status: 'running', tasks_done: 1, total_task: 2, started: T0 },
      new ApiError('Network error: the server could not be reached.', null, 'ERR_NETWORK'),
      { status: 'finished', tasks_done: 2, total_task: 2, started: T0 },
    ]);
    const { lastFrame, unmount } = render(<ProgressView poller={poller} source={source} t={t} />);
    poller.start();
    await tick(5_000);
    expect(lastFrame()).toBe(
      'scan 42  running\n[██████████░░░░░░░░░░] 1/2  elapsed 5s\n' +
        'last check failed: Network error: the server could not be reached. (retrying)',
    );
    await tick(5_000);
    expect(lastFrame()).toBe('scan 42  finished\n[████████████████████] 2/2  elapsed 10s');
    unmount();
  });
});

describe('plain progress lines (stdout not a TTY)', () => {
  it('writes one line per change, not per poll, and resolves with the final snapshot', async () => {
    const lines: string[] = [];
    const poller = scriptedPoller([
      { status: 'pending', tasks_done: 0, total_task: 3, started: T0 },
      { status: 'pending', tasks_done: 0, total_task: 3, started: T0 },
      new ApiError('Something went wrong on our side. Please try again.', 500, 'internal'),
      { status: 'running', tasks_done: 2, total_task: 3, started: T0 },
      { status: 'finished', tasks_done: 3, total_task: 3, started: T0 },
    ]);
    const done = followPlain(poller, source, (l) => lines.push(l), t);
    await vi.advanceTimersByTimeAsync(20_000);
    const final = await done;
    expect(final.status).toBe('done');
    expect(lines).toEqual([
      'scan 42: pending [0/3] elapsed 0s',
      'scan 42: last check failed: Something went wrong on our side. Please try again. (retrying)',
      'scan 42: running [2/3] elapsed 15s',
      'scan 42: finished [3/3] elapsed 20s',
    ]);
  });
});

describe("a scan run's progress before its first task is done", () => {
  const run = {
    started_at: new Date(T0).toISOString(),
    created_at: new Date(T0).toISOString(),
  } as ScanHistory;
  const runPoller = (answers: RunProgress[]) => {
    let i = 0;
    return createPoller<RunProgress>({
      fetch: async () => answers[Math.min(i++, answers.length - 1)]!,
      isTerminal: (s) => s.status === 'finished',
      intervalMs: 5_000,
    });
  };

  it('says "preparing" rather than [0/4] in plain lines, in en and fa', async () => {
    for (const [lang, word] of [
      ['en', 'preparing'],
      ['fa', 'در حال آماده‌سازی'],
    ] as const) {
      const lines: string[] = [];
      const poller = runPoller([
        { status: 'running', tasks_done: 0, total_task: null },
        { status: 'running', tasks_done: 0, total_task: 4 },
        { status: 'running', tasks_done: 1, total_task: 4 },
        { status: 'finished', tasks_done: 4, total_task: 4 },
      ]);
      const done = followPlain(
        poller,
        scanSource('scan 7', run),
        (l) => lines.push(l),
        createTranslator(lang),
      );
      await vi.advanceTimersByTimeAsync(20_000);
      await done;
      // One line while preparing, whether or not the total is known yet.
      expect(lines.map((l) => l.split(' ').slice(0, 4).join(' '))).toEqual([
        `scan 7: running ${word.split(' ')[0]}`,
        'scan 7: running [1/4]',
        'scan 7: finished [4/4]',
      ]);
      expect(lines[0]).toContain(word);
      expect(lines.join('\n')).not.toContain('[0/');
    }
  });

  it('shows "preparing" in the Ink view instead of an empty bar', async () => {
    const poller = runPoller([
      { status: 'running', tasks_done: 0, total_task: 4 },
      { status: 'finished', tasks_done: 4, total_task: 4 },
    ]);
    const { lastFrame, unmount } = render(
      <ProgressView poller={poller} source={scanSource('scan 7', run)} t={t} />,
    );
    poller.start();
    await tick(1_000);
    expect(lastFrame()).toBe('scan 7  running\npreparing  elapsed 1s');
    unmount();
  });
});
