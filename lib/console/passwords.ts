import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt at OWASP's current minimum: N=2^17, r=8, p=1 (128 MiB per hash, ~0.3 s on one core).
// Stored as scrypt$N$r$p$salt$hash, so hashes made with earlier parameters still verify, and a
// successful sign-in re-hashes them (`needsRehash`).
export const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
// 128·N·r bytes plus scrypt's small extras; stored parameters above this are refused, not run.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash || rest.length) return undefined;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { N, r: R, p: P, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p }).catch(() => undefined);
  return !!actual && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True for a hash made with weaker parameters than today's (re-hash it after a successful check). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < PARAMS.N || parsed.r < PARAMS.r || parsed.p < PARAMS.p || parsed.hash.length < KEY_LENGTH;
}

/** Burns the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  await derive(password, Buffer.alloc(16), PARAMS);
  return false;
}

/** A first password for an invited person: 120 random bits, URL-safe, shown once to the admin. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}
