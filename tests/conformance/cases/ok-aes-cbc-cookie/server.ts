import { createDecipheriv } from 'node:crypto';
import type { CaseSetup, Harness } from '../../harness/harness.js';

// Apache Shiro's default key; the cookie is base64(IV ‖ AES-128-CBC(PKCS#5 padded value)).
const KEY = Buffer.from('kPH+bIxk5D2deZiIxcaaaA==', 'base64');

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const cookie = /rememberMe=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const raw = Buffer.from(cookie, 'base64');
    let body = 'no cookie';
    try {
      const decipher = createDecipheriv('aes-128-cbc', KEY, raw.subarray(0, 16));
      body = `cookie decrypted: ${Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString()}`;
    } catch {
      body = 'bad cookie';
    }
    res.writeHead(200);
    res.end(body);
  });
  return { targets: [url] };
}
