import { type Algorithm, hash, verify } from "@node-rs/argon2";

// Algorithm is an ambient const enum (not importable as a value here); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane): strong and still fast enough per sign-in.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

/** Hashes a password with argon2id (PHC string with its own salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches the stored argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by response time. */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  dummyHash ??= hashPassword("threadfolk-dummy-password");
  await verifyPassword(await dummyHash, password);
}
