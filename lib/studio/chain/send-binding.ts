import "server-only";
// What a chain send does is fixed when it is planned and bound by a MAC under a key that only
// STUDIO_SECRET and the send's id give (core/secrets.ts, sendBindingKey). Every signing rebuilds
// the transaction from these fields after checking the MAC, so a row written into chain_sends by
// someone without the secret (a leaked database password, a reporting role, a copied PGlite
// folder) can make the server sign nothing. Chain-agnostic: each chain family states its own
// `network` and address forms; the EVM adapter's are in evm/bound-transaction.ts.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sendBindingKey } from "@/lib/studio/core/secrets";

/** Everything a send may do, as its planning fixed it. */
export type SendBinding = {
  id: string;
  orgId: number;
  paymentIntentId: string | null;
  purpose: string;
  /** Studio's chain id (`arb`). */
  chainId: string;
  /** The network the transaction is signed for, in CAIP-2 form (`eip155:42161`). */
  network: string;
  /** The token contract, or the family's word for its native coin. */
  tokenAddress: string;
  toAddress: string;
  /** Integer base units of the token (or of the native coin). */
  amountUnits: bigint;
  fromAddress: string;
  /** The sender's transaction sequence number; null on a chain that has none. */
  nonce: number | null;
};

const VERSION = "v1";

/**
 * The fields in a fixed order as a JSON array: every string is quoted and escaped, so no two
 * bindings share an encoding (`["a,b","c"]` is not `["a","b,c"]`), and null is not "".
 */
function canonical(binding: SendBinding): string {
  return JSON.stringify([
    "chain-send-binding",
    VERSION,
    binding.id,
    binding.orgId,
    binding.paymentIntentId,
    binding.purpose,
    binding.chainId,
    binding.network,
    binding.tokenAddress,
    binding.toAddress,
    binding.amountUnits.toString(),
    binding.fromAddress,
    binding.nonce,
  ]);
}

/** The MAC of `binding` under `key`, as stored in `chain_sends.binding_mac`. */
export function bindingMacUnder(key: Buffer, binding: SendBinding): string {
  return `${VERSION}.${createHmac("sha256", key).update(canonical(binding)).digest("base64url")}`;
}

/** The MAC planning stores with a send. */
export function bindSend(binding: SendBinding): string {
  return bindingMacUnder(sendBindingKey(binding.id), binding);
}

/** Whether `mac` is the MAC of exactly these fields under this server's STUDIO_SECRET. */
export function bindingIntact(binding: SendBinding, mac: string | null | undefined): boolean {
  if (!mac) return false;
  const expected = Buffer.from(bindSend(binding));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A send whose row fails a custody check: it is quarantined (chain/quarantine.ts), never signed or broadcast. */
export class SendBindingViolation extends Error {
  override name = "SendBindingViolation";
}

/** The binding's MAC is checked, or the send is refused with the reason. */
export function requireIntactBinding(binding: SendBinding, mac: string | null | undefined): void {
  if (!mac) throw new SendBindingViolation("the send carries no binding MAC");
  if (!bindingIntact(binding, mac)) throw new SendBindingViolation("the send's fields do not match their binding MAC (changed or copied row)");
}
