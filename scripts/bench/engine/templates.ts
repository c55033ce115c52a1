/**
 * Generated benchmark templates: a realistic mix of what community templates do most (word and
 * status matchers, regex, DSL, raw requests, extractors), each sending one request.
 */
const PATHS = [
  '/',
  '/.git/config',
  '/.env',
  '/server-status',
  '/api/version',
  '/admin',
  '/backup.zip',
  '/phpinfo.php',
];

function header(id: string, severity: string): string {
  return `id: ${id}\ninfo:\n  name: Bench ${id}\n  author: didban\n  severity: ${severity}\n  tags: bench,exposure\n`;
}

export function benchTemplate(i: number): string {
  const id = `bench-${i}`;
  const path = PATHS[i % PATHS.length];
  const severity = ['info', 'low', 'medium', 'high', 'critical'][i % 5]!;
  switch (i % 5) {
    case 0:
      return `${header(id, severity)}http:
  - method: GET
    path:
      - "{{BaseURL}}${path}?b=${i}"
    matchers-condition: and
    matchers:
      - type: word
        words: ["[core]", "APP_KEY", "Server Status", "version", "Welcome"]
      - type: status
        status: [200]
`;
    case 1:
      return `${header(id, severity)}http:
  - method: GET
    path:
      - "{{BaseURL}}${path}?b=${i}"
    matchers:
      - type: regex
        part: header
        regex: ["(?i)server: apache/2\\\\.4\\\\.(49|50)"]
    extractors:
      - type: regex
        part: header
        group: 1
        regex: ["(?i)server: ([^\\\\r\\\\n]+)"]
`;
    case 2:
      return `${header(id, severity)}http:
  - method: GET
    path:
      - "{{BaseURL}}${path}?b=${i}"
    matchers:
      - type: dsl
        dsl:
          - 'status_code == 200 && contains(to_lower(body), "apache") && len(body) > 10'
`;
    case 3:
      return `${header(id, severity)}http:
  - raw:
      - |
        GET ${path}?b=${i} HTTP/1.1
        Host: {{Hostname}}
        Accept: */*

    matchers:
      - type: word
        part: body
        words: ["DB_PASSWORD", "repositoryformatversion"]
`;
    default:
      return `${header(id, severity)}http:
  - method: GET
    path:
      - "{{BaseURL}}${path}?b=${i}"
    extractors:
      - type: json
        json: [".version"]
    matchers:
      - type: word
        part: header
        words: ["X-Powered-By: PHP"]
`;
  }
}

/** The same requests with one status matcher that never matches: the engine's cost without findings. */
export function probeOnlyTemplate(i: number): string {
  const path = PATHS[i % PATHS.length];
  return `${header(`probe-${i}`, 'info')}http:
  - method: GET
    path:
      - "{{BaseURL}}${path}?b=${i}"
    matchers:
      - type: status
        status: [599]
`;
}
