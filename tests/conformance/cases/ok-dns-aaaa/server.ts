import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const resolver = await h.dns([
    { name: 'didban.test', type: 'A', data: '10.20.30.40' },
    { name: 'didban.test', type: 'AAAA', data: '2001:db8::1' },
    { name: 'www.didban.test', type: 'CNAME', data: 'edge.didban.test' },
    { name: 'didban.test', type: 'NS', data: 'ns1.didban.test' },
    { name: 'didban.test', type: 'TXT', data: ['v=spf1 include:_spf.didban.test ~all'] },
    {
      name: '_sip._tcp.didban.test',
      type: 'SRV',
      data: { priority: 10, weight: 5, port: 5060, target: 'sip.didban.test' },
    },
    { name: '40.30.20.10.in-addr.arpa', type: 'PTR', data: 'host.didban.test' },
    { name: 'didban.test', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    { name: 'didban.test', type: 'MX', data: { preference: 10, exchange: 'mail.didban.test' } },
    { name: 'admin.didban.test', type: 'A', data: '10.0.0.2' },
    { name: 'dev.didban.test', type: 'A', data: '10.0.0.3' },
  ]);
  return { targets: ['didban.test'], options: { resolvers: [resolver] } };
}
