import type { CaseSetup, Harness } from '../../harness/harness.js';

/** Every connection reads the request and is reset without an answer. */
export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tcp((socket) => {
    socket.once('data', () => socket.resetAndDestroy());
  });
  return { targets: [`http://${address}`] };
}
