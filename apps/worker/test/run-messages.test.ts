import { runMessageText } from '@didban/core';
import { createScopePolicy, gateSkipReason, loadTemplates } from '@didban/engine';
import { describe, expect, it } from 'vitest';
import { memoryReason, stallReason, timeBudgetReason } from '../src/isolated/supervisor.js';
import { requestCapReason } from '../src/template-run-task.js';

const template = (id: string, body: string) => `id: ${id}
info:
  name: ${id}
  author: didban
  severity: info
${body}`;

/** Every message a worker writes for a run, made by the code that writes it. */
async function producedMessages(): Promise<string[]> {
  const scope = createScopePolicy({
    blockInternal: true,
    deny: '203.0.113.0/24',
    ownAddresses: ['127.0.0.1:8080'],
  });
  const refusals = [
    scope.check('127.0.0.1', 8080),
    scope.check('10.1.2.3', 80),
    scope.check('203.0.113.9'),
    scope.check('not-an-address'),
    // A host name, refused for the address it resolves to ("localhost resolves to 127.0.0.1:80 is …").
    await scope.checkHost('localhost', 80),
  ].map((r) => r?.message ?? '');
  const { rejected } = loadTemplates([
    { content: template('shell', 'code:\n  - engine:\n      - sh\n    source: id') },
    // javascript templates run; one importing a module the engine does not provide is refused.
    {
      content: template('js', "javascript:\n  - code: |\n      const k = require('nuclei/kerberos');"),
    },
    { content: template('ws', 'websocket:\n  - address: "{{BaseURL}}"') },
    { content: template('who', 'whois:\n  - query: "{{Host}}"') },
    {
      content: template(
        'helper',
        'http:\n  - path:\n      - "{{BaseURL}}"\n    matchers:\n      - type: dsl\n        dsl:\n          - "no_such_helper(body)"',
      ),
    },
  ]);
  return [
    ...refusals,
    ...rejected.map((r) => r.reason),
    // headless templates load; a worker without --headless skips them naming the gate.
    gateSkipReason('headless', 'self-hosted'),
    // signed code templates and file templates load; a worker without --code / --file skips them.
    gateSkipReason('code', 'self-hosted'),
    gateSkipReason('file', 'self-hosted'),
    // fuzzing (DAST) templates load; a scan that did not ask for DAST skips them naming the gate.
    gateSkipReason('dast', 'self-hosted'),
    requestCapReason(50_000),
    memoryReason(1024),
    stallReason(20),
    timeBudgetReason(1800),
    'lease expired too many times',
  ];
}

describe('run messages in the reader language', async () => {
  const messages = await producedMessages();

  it('tells every message Didban writes for a run in Persian, numbers in Persian digits', () => {
    expect(messages).toHaveLength(19);
    expect(messages).toContainEqual(expect.stringMatching(/^localhost resolves to 127\.0\.0\.1:80 is /));
    for (const message of messages) {
      expect(message).not.toBe('');
      const fa = runMessageText(message, 'fa');
      expect(fa, message).not.toBe(message);
      // English words only inside isolates (addresses, ranges, names, setting names) or as protocol names.
      const outside = fa.replace(/\u2068[^\u2069]*\u2069/g, '');
      expect(outside, fa).not.toMatch(/\b(the|is|of|worker|task|scope|templates?|needs?)\b/);
      expect(outside, fa).not.toMatch(/[0-9]/);
      // Nor English phrasing inside an isolate: isolates hold addresses, ranges and names.
      for (const isolated of fa.match(/\u2068[^\u2069]*\u2069/g) ?? [])
        expect(isolated, fa).not.toMatch(/\b(resolves|is|of|the) /);
    }
    expect(runMessageText(requestCapReason(50_000), 'fa')).toContain('۵۰٬۰۰۰');
  });

  it('keeps the English as written, and shows a message it does not know unchanged', () => {
    for (const message of messages) expect(runMessageText(message, 'en')).toBe(message);
    expect(runMessageText('connect ECONNREFUSED 127.0.0.1:9', 'fa')).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });
});
