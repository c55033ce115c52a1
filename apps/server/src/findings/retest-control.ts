/**
 * The control request of a retest (issue 32): a one-request template sent with the finding's own
 * template in the same task, through the same worker and scope policy. It matches whenever the
 * target answers at all, so "nothing matched" can only become "fixed" when the target was there
 * to answer. Only HTTP targets have one; other protocols rely on a clean template run.
 */
export const RETEST_CONTROL_ID = 'didban-retest-control';

export const RETEST_CONTROL_YAML = `id: ${RETEST_CONTROL_ID}

info:
  name: Didban retest control request
  author: didban
  severity: info
  description: Answers whenever the target answers; a retest says fixed only after it matched.

http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: dsl
        dsl:
          - "status_code > 0"
`;

export const hasControl = (target: string) => /^https?:\/\//.test(target);
