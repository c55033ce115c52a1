import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  return { targets: [`http://127.0.0.1:${await h.closedPort()}`] };
}
