import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Secrets at rest (HD seeds, console-held API keys) are sealed with AES-256-GCM under a key
// derived per purpose from a server secret. The secret comes from the environment, or is
// generated once into DATA_DIR.

const MIN_SECRET_BYTES = 32;
const TAG_BYTES = 16;
const VERSION = "v2";

export type SealPurpose = "studio/hd-seed" | "studio/webhook-endpoint-secret" | "studio/chain-send-binding" | "console/api-key" | "console/sign-in-proof";

/**
 * The server secret: `fromEnv`, or the file in `dataDir`, created atomically on first start (a
 * temp file written and fsynced, then linked into place, so a crash or a concurrent start can
 * never leave an empty or half-written secret). Anything shorter than 32 bytes is refused.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, fromEnv: string | undefined): Buffer {
  if (fromEnv !== undefined) return checkedSecret(Buffer.from(fromEnv, "utf8"), "the environment");
  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    const fd = fs.openSync(temp, "wx", 0o600);
    try {
      fs.writeSync(fd, randomBytes(32).toString("base64url"));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temp, file); // fails if another process got there first: its secret wins
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.unlinkSync(temp);
    }
  }
  return checkedSecret(Buffer.from(fs.readFileSync(file, "utf8").trim(), "utf8"), file);
}

function checkedSecret(secret: Buffer, source: string): Buffer {
  if (secret.length < MIN_SECRET_BYTES) {
    throw new Error(`The secret from ${source} is shorter than ${MIN_SECRET_BYTES} bytes; refusing to seal anything with it`);
  }
  return secret;
}

/** A key of its own for each purpose, so one sealed kind can never be opened as another. */
export function sealingKey(secret: Buffer, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `studio seal ${purpose}`, 32));
}

/**
 * `v2.iv.tag.ciphertext`, each base64url. `boundTo` names the row the value belongs to (its
 * table and identity) as associated data: a sealed value copied to another row fails to open.
 */
export function seal(plaintext: string, key: Buffer, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"))].join(".");
}

/**
 * Opens a value sealed by `seal`. A value of the first format (`iv.tag.ciphertext` under SHA-256
 * of the secret) is refused: bound to no row and under one key for every purpose, it could be
 * copied to another row, or opened as another kind. Start-up re-seals those (`resealFirstFormat`).
 */
export function unseal(sealed: string, keys: { key: Buffer; secret: Buffer }, boundTo: string): string {
  const parts = sealed.split(".");
  if (parts[0] !== VERSION) throw new Error("Refusing a sealed value of the first format (bound to no row); start the server once to re-seal it");
  return open(parts.slice(1), keys.key, boundTo);
}

/**
 * A first-format value sealed again in the current format, bound to its row; null when `sealed`
 * is already current. Start-up runs it over every stored value once.
 */
export function resealFirstFormat(sealed: string, keys: { key: Buffer; secret: Buffer }, boundTo: string): string | null {
  const parts = sealed.split(".");
  if (parts[0] === VERSION) return null;
  return seal(open(parts, createHash("sha256").update(keys.secret).digest(), null), keys.key, boundTo);
}

function open(parts: string[], key: Buffer, boundTo: string | null): string {
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !ciphertext || tag.length !== TAG_BYTES) throw new Error("Malformed sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (boundTo !== null) decipher.setAAD(Buffer.from(boundTo, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
