import { createSocket } from 'node:dgram';
import type { CaseSetup, Harness } from '../../harness/harness.js';
export default async function (h: Harness): Promise<CaseSetup> {
  const silent = createSocket('udp4');
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  h.onClose(() => silent.close());
  return { targets: ['didban.test'], options: { resolvers: [`127.0.0.1:${silent.address().port}`] } };
}
