import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2 of @node-rs/argon2) with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows: verifying against it makes an unknown e-mail cost the same time. */
let decoy: Promise<string> | null = null;
function decoyHash(): Promise<string> {
  decoy ??= hash(`decoy-${Math.random()}-${Date.now()}`, OPTIONS);
  return decoy;
}

/** Verifies a password; with no stored hash it still spends the same work and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Computes the decoy at start-up so the first unknown e-mail is not measurably faster or slower. */
export async function warmUpPasswords(): Promise<void> {
  await decoyHash();
}
