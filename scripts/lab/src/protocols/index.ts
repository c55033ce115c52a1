/**
 * The lab's non-HTTP services for nuclei's javascript modules, all on one loopback address: SSH
 * (ssh2), SMB, MSSQL (TDS), Oracle TNS, RDP and LDAP stand-ins, each on a free port. The lab starts
 * them with `startLab({ protocols: true })`; tests may start one alone from its own file.
 */
import { makeSelfSignedCert } from '../deps.js';
import { type LabLdap, type LabLdapOptions, startLdapServer } from './ldap-server.js';
import { type LabMssql, type LabMssqlOptions, startMssqlServer } from './mssql-server.js';
import { type LabOracle, type LabOracleOptions, startOracleServer } from './oracle-server.js';
import { type LabRdp, type LabRdpOptions, startRdpServer } from './rdp-server.js';
import { type LabSmb, type LabSmbOptions, startSmbServer } from './smb-server.js';
import { type LabSsh, startSshServer } from './ssh-server.js';

export interface LabProtocols {
  readonly host: string;
  readonly ssh: LabSsh;
  readonly smb: LabSmb;
  readonly mssql: LabMssql;
  readonly oracle: LabOracle;
  readonly rdp: LabRdp;
  readonly ldap: LabLdap;
  /** service name → host:port, what a scan targets. */
  targets(): Record<'ssh' | 'smb' | 'mssql' | 'oracle' | 'rdp' | 'ldap', string>;
  stop(): Promise<void>;
}

export interface LabProtocolOptions {
  smb?: Omit<LabSmbOptions, 'host' | 'port'>;
  mssql?: Omit<LabMssqlOptions, 'host' | 'port'>;
  oracle?: Omit<LabOracleOptions, 'host' | 'port'>;
  rdp?: Omit<LabRdpOptions, 'host' | 'port'>;
  ldap?: Omit<LabLdapOptions, 'host' | 'port'>;
}

export async function startProtocolServices(
  host = '127.0.0.1',
  options: LabProtocolOptions = {},
): Promise<LabProtocols> {
  const started: { stop(): Promise<void> }[] = [];
  const keep = async <T extends { stop(): Promise<void> }>(p: Promise<T>) => {
    const s = await p;
    started.push(s);
    return s;
  };
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
  try {
    const ssh = await keep(startSshServer({ host }));
    const smb = await keep(startSmbServer({ smb1: true, ...options.smb, host }));
    const mssql = await keep(startMssqlServer({ ...options.mssql, host }));
    const oracle = await keep(startOracleServer({ ...options.oracle, host }));
    const rdp = await keep(startRdpServer({ ...options.rdp, host }));
    const tls = await makeSelfSignedCert('dc01.lab.didban.test', ['dc01.lab.didban.test']);
    const ldap = await keep(startLdapServer({ tls, ...options.ldap, host }));
    const at = (s: { port: number }) => `${host}:${s.port}`;
    return {
      host,
      ssh,
      smb,
      mssql,
      oracle,
      rdp,
      ldap,
      targets: () => ({
        ssh: at(ssh),
        smb: at(smb),
        mssql: at(mssql),
        oracle: at(oracle),
        rdp: at(rdp),
        ldap: at(ldap),
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
