import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tls((socket) => socket.end());
  return { targets: [address] };
}
