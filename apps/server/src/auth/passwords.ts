import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's `Algorithm.Argon2id`, a const enum we cannot import under
// verbatimModuleSyntax) with its default cost: 19 MiB, 2 passes, OWASP's recommendation.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the user does not exist, so a wrong username costs the same time as a
// wrong password and the answer time says nothing about which accounts exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('didban-timing-equaliser', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
