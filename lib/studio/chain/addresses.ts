import "server-only";
// Address and transaction-hash formats per chain family: EVM (EIP-55), Tron (base58check, 0x41
// prefix) and Solana (base58, 32-byte ed25519 keys). Pure functions, no I/O.
import { randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { hmac } from "@noble/hashes/hmac.js";
import { base58 } from "@scure/base";
import type { HDKey } from "@scure/bip32";
import { toChecksumAddress, tronAddressFromAccountId } from "@/lib/studio/chain/address-format";
import type { AddressFamily } from "@/lib/studio/chain/registry";

export { isValidAddress, isValidEvmAddress, isValidSolanaAddress, isValidTronAddress, toChecksumAddress } from "@/lib/studio/chain/address-format";

/** The 20-byte account id Ethereum and Tron both derive from a secp256k1 public key. */
function accountIdFromSecp256k1(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

export function evmAddressFromPublicKey(publicKey: Uint8Array): string {
  return toChecksumAddress(accountIdFromSecp256k1(publicKey));
}

export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  return tronAddressFromAccountId(accountIdFromSecp256k1(publicKey));
}

/** BIP-44 deposit address `index` for a chain family, from the organization's root key and seed. */
export function deriveAddress(input: { family: AddressFamily; root: HDKey; seed: Uint8Array; index: number }): string {
  const { family, root, seed, index } = input;
  switch (family) {
    case "evm":
      return evmAddressFromPublicKey(childPublicKey(root, "m/44'/60'/0'/0", index));
    case "tron":
      return tronAddressFromPublicKey(childPublicKey(root, "m/44'/195'/0'/0", index));
    case "sol":
      // Phantom/Solflare layout m/44'/501'/index'/0'; ed25519 needs SLIP-10, which is hardened-only.
      return base58.encode(ed25519.getPublicKey(slip10Ed25519(seed, [44, 501, index, 0])));
  }
}

// The hardened account levels cost four EC multiplications; keep them per root and path.
const accountNodes = new WeakMap<HDKey, Map<string, HDKey>>();

function childPublicKey(root: HDKey, accountPath: string, index: number): Uint8Array {
  let nodes = accountNodes.get(root);
  if (!nodes) accountNodes.set(root, (nodes = new Map()));
  let account = nodes.get(accountPath);
  if (!account) nodes.set(accountPath, (account = root.derive(accountPath)));
  const publicKey = account.deriveChild(index).publicKey;
  if (!publicKey) throw new Error(`no public key at ${accountPath}/${index}`);
  return publicKey;
}

const HARDENED = 0x80000000;

/** SLIP-0010 ed25519 private key for a path of (implicitly hardened) indexes. */
export function slip10Ed25519(seed: Uint8Array, path: number[]): Uint8Array {
  let digest = hmac(sha512, new TextEncoder().encode("ed25519 seed"), seed);
  for (const index of path) {
    const data = new Uint8Array(37);
    data.set(digest.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0);
    digest = hmac(sha512, digest.subarray(32), data);
  }
  return digest.subarray(0, 32);
}

/** A transaction id in the chain's own format: EVM 0x+64 hex, Tron 64 hex, Solana a base58 signature. */
export function randomTxHash(family: AddressFamily): string {
  switch (family) {
    case "evm":
      return `0x${randomBytes(32).toString("hex")}`;
    case "tron":
      return randomBytes(32).toString("hex");
    case "sol":
      return base58.encode(randomBytes(64));
  }
}

/** Some valid address nobody holds, for sandbox payers that did not name themselves. */
export function randomAddress(family: AddressFamily): string {
  switch (family) {
    case "evm":
      return toChecksumAddress(randomBytes(20));
    case "tron":
      return tronAddressFromAccountId(randomBytes(20));
    case "sol":
      return base58.encode(ed25519.getPublicKey(randomBytes(32)));
  }
}

export function isTxHash(family: AddressFamily, value: string): boolean {
  switch (family) {
    case "evm":
      return /^0x[0-9a-f]{64}$/.test(value);
    case "tron":
      return /^[0-9a-f]{64}$/.test(value);
    case "sol":
      try {
        return base58.decode(value).length === 64;
      } catch {
        return false;
      }
  }
}
