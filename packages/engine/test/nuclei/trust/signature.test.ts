import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMessageText } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { loadTemplates } from '../../../src/nuclei/load-templates.js';
import { compileCodeBlock, runCodeBlock } from '../../../src/nuclei/protocols/code/run-code.js';
import {
  gobDecodeBytes,
  gobEncodeBytes,
  projectDiscoveryKey,
  signTemplate,
  trustedKey,
  trustedKeys,
  verifyTemplate,
} from '../../../src/nuclei/trust/signature.js';

const fixtures = join(__dirname, '../../fixtures/signed');
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');
const SIGNED = ['sudo-nopasswd.yaml', 'writable-etc-passwd.yaml', 'ftp-service-running.yaml'];

function testKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

describe('nuclei template signatures', () => {
  it('ProjectDiscovery key has the fragment nuclei-templates digest lines carry', () => {
    expect(projectDiscoveryKey().fragment).toBe('922c64590222798bb761d5b6d8e72950');
    expect(projectDiscoveryKey().name).toBe('projectdiscovery/nuclei-templates');
  });

  it.each(SIGNED)('community template %s verifies with ProjectDiscovery’s key', (name) => {
    expect(verifyTemplate(fixture(name))).toEqual({
      ok: true,
      signer: 'projectdiscovery/nuclei-templates',
      fragment: '922c64590222798bb761d5b6d8e72950',
    });
  });

  it('a copy with CRLF line ends still verifies (nuclei normalises CRLF)', () => {
    expect(verifyTemplate(fixture(SIGNED[0]!).replaceAll('\n', '\r\n')).ok).toBe(true);
  });

  it('a copy altered by one byte is refused', () => {
    const text = fixture('sudo-nopasswd.yaml').replace('sudo -l', 'sudo -k');
    expect(verifyTemplate(text)).toEqual({ ok: false, reason: 'signature does not match its content' });
  });

  it('a copy without its digest line is unsigned', () => {
    const text = fixture('sudo-nopasswd.yaml').replace(/# digest: .*$/s, '');
    expect(verifyTemplate(text)).toEqual({ ok: false, reason: 'unsigned' });
  });

  it('a template signed with an operator key verifies only when that key is configured', () => {
    const { privatePem, publicPem } = testKeys();
    const signed = signTemplate(fixture('sudo-nopasswd.yaml'), privatePem);
    const line = signed.split('\n').at(-1)!;
    expect(line).toMatch(/^# digest: 4[0-9a-f]0a00[0-9a-f]+:[0-9a-f]{32}$/);
    expect(signed.startsWith(fixture('sudo-nopasswd.yaml').replace(/\n# digest: .*$/s, ''))).toBe(true);
    expect(verifyTemplate(signed)).toEqual({ ok: false, reason: 'signed by an untrusted key' });
    const keys = trustedKeys([publicPem]);
    expect(verifyTemplate(signed, { keys })).toMatchObject({
      ok: true,
      fragment: trustedKey(publicPem).fragment,
    });
    // Re-signing replaces the old digest line instead of adding one.
    const twice = signTemplate(signed, privatePem);
    expect(twice.match(/# digest: /g)).toHaveLength(1);
    expect(verifyTemplate(twice.replace('sudo -l', 'id'), { keys })).toEqual({
      ok: false,
      reason: 'signature does not match its content',
    });
  });

  it('a code block whose source names a file is signed with the file’s bytes', () => {
    const { privatePem, publicPem } = testKeys();
    const dir = mkdtempSync(join(tmpdir(), 'didban-signed-'));
    try {
      writeFileSync(join(dir, 'check.sh'), 'echo checked\n');
      const text =
        'id: from-file\ninfo: {name: f, author: me, severity: info}\ncode:\n  - engine: [sh]\n    source: check.sh\n';
      const signed = signTemplate(text, privatePem, [readFileSync(join(dir, 'check.sh'))]);
      const path = join(dir, 'from-file.yaml');
      const load = () =>
        loadTemplates([{ content: signed, path }], { trustedKeys: trustedKeys([publicPem]) });
      // Verified, it loads with the file's text as the block's source (nuclei's ImportFileRefs).
      const loaded = load();
      expect(loaded.rejected).toEqual([]);
      expect(loaded.templates[0]!.blocks[0]).toMatchObject({ protocol: 'code', source: 'echo checked\n' });
      writeFileSync(join(dir, 'check.sh'), 'echo changed\n');
      expect(load().rejected[0]?.reason).toBe('capability gate "code": signature does not match its content');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the signature is a Go gob []byte stream around the DER signature', () => {
    const der = Buffer.from('3045022100aa', 'hex');
    const gob = gobEncodeBytes(der);
    expect(gob.toString('hex')).toBe('090a0006' + '3045022100aa');
    expect(gobDecodeBytes(gob).equals(der)).toBe(true);
    // nuclei's own stream for a community template re-encodes to the same bytes.
    const hex = /# digest: ([0-9a-f]+):/.exec(fixture('sudo-nopasswd.yaml'))![1]!;
    expect(gobEncodeBytes(gobDecodeBytes(Buffer.from(hex, 'hex'))).toString('hex')).toBe(hex);
  });

  it('the loader refuses unsigned, altered and foreign-signed code templates with the reason', () => {
    const { privatePem } = testKeys();
    const good = fixture('sudo-nopasswd.yaml');
    const cases: [string, string][] = [
      [good.replace(/# digest: .*$/s, ''), 'capability gate "code": unsigned'],
      [good.replace('sudo -l', 'sudo -k'), 'capability gate "code": signature does not match its content'],
      [signTemplate(good, privatePem), 'capability gate "code": signed by an untrusted key'],
    ];
    for (const [content, reason] of cases) {
      const result = loadTemplates([{ content, path: 'sudo-nopasswd.yaml' }]);
      expect(result.templates).toHaveLength(0);
      expect(result.rejected[0]?.reason).toBe(reason);
    }
    // Verified with ProjectDiscovery's key it loads; whether it runs is the scan's code gate.
    const ok = loadTemplates([{ content: good, path: 'sudo-nopasswd.yaml' }]);
    expect(ok.rejected).toEqual([]);
    expect(ok.templates.map((t) => t.protocols)).toEqual([['code']]);
  });
});

describe('code protocol runner', () => {
  const block = compileCodeBlock(
    {
      engine: ['sh', 'bash'],
      source: 'read target\necho "found $SECRET_NAME on $target"\nenv | sort\n',
      matchers: [{ type: 'word', words: ['found didban on 127.0.0.1'] }],
    },
    0,
  );
  const variables = new Map([['SECRET_NAME', 'didban']]);

  it('with the code gate open runs the interpreter with a clean environment and matches', async () => {
    const result = await runCodeBlock(block, {
      codeGate: true,
      runner: 'self-hosted',
      input: '127.0.0.1\n',
      variables,
    });
    expect(result.status).toBe('ran');
    if (result.status !== 'ran') return;
    expect(result.outcome.matched).toBe(true);
    const envNames = result.response
      .split('\n')
      .slice(1)
      .map((l) => l.split('=')[0]);
    expect(envNames).toContain('PATH');
    expect(envNames).toContain('SECRET_NAME');
    expect(envNames).not.toContain('HOME');
  });

  it('with the code gate closed is skipped naming the gate', async () => {
    const result = await runCodeBlock(block, {
      codeGate: false,
      runner: 'builtin',
      input: '127.0.0.1',
      variables,
    });
    expect(result).toEqual({
      status: 'skipped',
      reason: 'capability gate "code" is closed (this runner never opens it)',
    });
  });

  it('stops a process past its time cap and an output past its cap', async () => {
    const slow = compileCodeBlock({ engine: ['sh'], source: 'echo started\nsleep 60\n' }, 0);
    const timed = await runCodeBlock(slow, {
      codeGate: true,
      runner: 'self-hosted',
      input: '',
      timeoutMs: 1500,
    });
    expect(timed).toMatchObject({ status: 'ran', timedOut: true, response: 'started' });
    const loud = compileCodeBlock({ engine: ['sh'], source: 'yes didban\n' }, 0);
    const capped = await runCodeBlock(loud, {
      codeGate: true,
      runner: 'self-hosted',
      input: '',
      outputCap: 4096,
    });
    expect(capped).toMatchObject({ status: 'ran', truncated: true });
    if (capped.status === 'ran') expect(capped.response.length).toBeLessThanOrEqual(4096);
  });

  it('a sandboxed block is skipped where there is no docker binary', async () => {
    const boxed = compileCodeBlock({ engine: ['sh'], source: 'id', sandbox: { image: 'alpine' } }, 0);
    const result = await runCodeBlock(boxed, {
      codeGate: true,
      runner: 'self-hosted',
      input: '',
      path: '/nonexistent',
    });
    expect(result).toEqual({
      status: 'skipped',
      reason: 'docker is not available: the template asks for a sandbox (alpine)',
    });
  });

  it('a false pre-condition skips the block', async () => {
    const windowsOnly = compileCodeBlock(
      { engine: ['sh'], source: 'id', 'pre-condition': 'IsWindows();' },
      0,
    );
    const result = await runCodeBlock(windowsOnly, { codeGate: true, runner: 'self-hosted', input: '' });
    expect(result).toEqual({ status: 'skipped', reason: 'pre-condition not satisfied' });
  });
});

describe('code refusals in the panel’s Persian', () => {
  it('translates each signature reason after the gate name', () => {
    expect(runMessageText('capability gate "code": unsigned', 'fa')).toBe(
      'دروازهٔ توانایی «\u2068code\u2069»: امضا نشده',
    );
    expect(runMessageText('capability gate "code": signature does not match its content', 'fa')).toBe(
      'دروازهٔ توانایی «\u2068code\u2069»: امضا با محتوای قالب نمی‌خواند',
    );
    expect(runMessageText('capability gate "code": signed by an untrusted key', 'fa')).toBe(
      'دروازهٔ توانایی «\u2068code\u2069»: با کلیدی امضا شده که مورد اعتماد نیست',
    );
    expect(runMessageText('docker is not available', 'fa')).toBe('docker در دسترس نیست');
  });
});
