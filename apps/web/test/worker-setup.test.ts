import { describe, expect, it } from 'vitest';
import { groupPhotoProblem } from '../src/lib/group-photo';
import { API_KEY_PLACEHOLDER, setupSteps } from '../src/lib/worker-setup';

const URL = 'https://didban.example:8080';

describe('setupSteps', () => {
  it('Docker builds from apps/worker/Dockerfile and runs with the server, the key and the §9 defaults', () => {
    const [build, run] = setupSteps('docker', URL);
    expect(build?.command).toBe('docker build -f apps/worker/Dockerfile -t didban-worker .');
    for (const part of [
      `-e DIDBAN_SERVER_URL=${URL}`,
      `-e DIDBAN_WORKER_KEY="${API_KEY_PLACEHOLDER}"`,
      '-e DIDBAN_TASK_INTERVAL=15',
      '-e DIDBAN_MAX_CONCURRENCY=5',
      '-e DIDBAN_WAPPALYZER_TIMEOUT=5',
      '-e DIDBAN_NAABU_TIMEOUT=0',
      '-e DIDBAN_HTTPX_TIMEOUT=5',
    ]) {
      expect(run?.command).toContain(part);
    }
    expect(run?.command.trimEnd().endsWith('didban-worker')).toBe(true);
  });

  it('Linux/macOS installs then runs the bin with flags, continued with backslashes', () => {
    const [install, run] = setupSteps('unix', URL);
    expect(install?.command).toBe('pnpm install');
    const lines = run?.command.split('\n') ?? [];
    expect(lines[0]).toBe('node --max-semi-space-size=64 apps/worker/bin/didban-worker.mjs \\');
    expect(lines.slice(0, -1).every((line) => line.endsWith(' \\'))).toBe(true);
    expect(run?.command).toContain(`--server ${URL}`);
    expect(run?.command).toContain('--naabu-timeout 0');
  });

  it('Windows uses PowerShell backticks to continue lines', () => {
    const run = setupSteps('windows', URL)[1]?.command.split('\n') ?? [];
    expect(run.slice(0, -1).every((line) => line.endsWith(' `'))).toBe(true);
    expect(run.at(-1)).toBe('  --httpx-timeout 5');
  });
});

describe('groupPhotoProblem', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it('takes PNG and JPG up to 2 MB', () => {
    expect(groupPhotoProblem(file('a.png', 'image/png', 2 * 1024 * 1024))).toBeNull();
    expect(groupPhotoProblem(file('a.jpg', 'image/jpeg', 10))).toBeNull();
    expect(groupPhotoProblem(file('a.jpeg', '', 10))).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(groupPhotoProblem(file('a.gif', 'image/gif', 10))).toBe('type');
    expect(groupPhotoProblem(file('a.txt', 'text/plain', 10))).toBe('type');
    expect(groupPhotoProblem(file('a.png', 'image/png', 2 * 1024 * 1024 + 1))).toBe('size');
  });
});
