/**
 * The NTLMv2 formulas nuclei/smb's ListShares and the lab SMB stand-in share, pinned to the
 * worked example of MS-NLMP 4.2.4 (user "User", domain "Domain", password "Password") so the
 * client and the server cannot agree on a wrong answer.
 */
import { describe, expect, it } from 'vitest';
import {
  authenticateMessage,
  ntHash,
  ntowfv2,
  ntProofStr,
  parseAuthenticate,
  parseChallenge,
  sessionBaseKey,
} from '../../../src/nuclei/protocols/javascript/modules/ntlm.js';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');

describe('NTLMv2 (MS-NLMP 4.2.4)', () => {
  it('computes the NT hash, NTOWFv2, NTProofStr and session base key of the example', async () => {
    expect((await ntHash('Password')).toString('hex')).toBe('a4f49c406510bdcab6824ee7c30fd852');
    const key = await ntowfv2('User', 'Password', 'Domain');
    expect(key.toString('hex')).toBe('0c868a403bfd7a93a3001ef22ef02e3f');
    const targetInfo = hex('02000c0044006f006d00610069006e00 01000c005300650072007600650072000000 0000');
    const blob = Buffer.concat([
      hex('0101000000000000'),
      Buffer.alloc(8), // time 0
      hex('aaaaaaaaaaaaaaaa'),
      Buffer.alloc(4),
      targetInfo,
      Buffer.alloc(4),
    ]);
    const proof = ntProofStr(key, hex('0123456789abcdef'), blob);
    expect(proof.toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
    expect(sessionBaseKey(key, proof).toString('hex')).toBe('8de40ccadbc14a82f15cb0ad0de95ca3');
  });

  it('an AUTHENTICATE carries the user and a response a server can check; empty credentials are anonymous', async () => {
    const challenge = parseChallenge(
      Buffer.concat([
        Buffer.from('NTLMSSP\0', 'latin1'),
        hex(
          '02000000 0000 0000 38000000 158288e2 0123456789abcdef 0000000000000000 0400 0400 38000000 0000000000000000',
        ),
        hex('00000000'),
      ]),
    );
    expect(challenge?.serverChallenge.toString('hex')).toBe('0123456789abcdef');
    const auth = await authenticateMessage(challenge!, 'admin', 'password');
    const parsed = parseAuthenticate(auth.message)!;
    expect(parsed.user).toBe('admin');
    const key = await ntowfv2('admin', 'password', '');
    expect(ntProofStr(key, challenge!.serverChallenge, parsed.nt.subarray(16))).toEqual(
      parsed.nt.subarray(0, 16),
    );
    const wrong = await ntowfv2('admin', 'passw0rd', '');
    expect(ntProofStr(wrong, challenge!.serverChallenge, parsed.nt.subarray(16))).not.toEqual(
      parsed.nt.subarray(0, 16),
    );

    const anonymous = await authenticateMessage(challenge!, '', '');
    expect(parseAuthenticate(anonymous.message)).toMatchObject({
      user: '',
      nt: Buffer.alloc(0),
      lm: Buffer.alloc(1),
    });
    expect(anonymous.sessionKey).toBeUndefined();
  });
});
