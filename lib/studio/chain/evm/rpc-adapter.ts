import "server-only";
// Money out on an RPC chain. Planning a send happens inside the transaction that decides it: the
// sender's next nonce is taken from chain_nonces (a row per chain and address, so concurrent
// sends get distinct, gap-free nonces and a rolled-back plan gives its nonce back), the EIP-1559
// transaction is signed with the sender's HD key, and the raw bytes and their hash are stored with
// the send. Broadcasting is then only ever sending those bytes: after a crash, the same transaction.
// What the send does is bound by a MAC (chain/send-binding.ts) before it is signed, and signed
// only as rebuilt from those fields (bound-transaction.ts); stored bytes go out again only once
// they prove to be that transaction, and a row that fails is quarantined (chain/quarantine.ts).
//
// A deposit address holds no native gas, so every token send gets a top-up from the
// organization's gas tank, planned with it, for exactly the gas the send may burn; the token send
// goes out once the top-up is mined.
import { and, eq, sql } from "drizzle-orm";
import { keccak256, type Address, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { db, type Tx } from "@/lib/db/client";
import { chainNonces, chainSends } from "@/lib/studio/db/chain-schema";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { newId } from "@/lib/studio/core/ids";
import { formatUnits } from "@/lib/studio/core/money";
import type { ChainAdapter, PlannedTransfer, SendRow, SendSource } from "@/lib/studio/chain/adapter";
import { bindSend } from "@/lib/studio/chain/send-binding";
import { quarantineOnViolation, type GuardedStep } from "@/lib/studio/chain/quarantine";
import { evmSendBinding, NATIVE_DECIMALS, NATIVE_TOKEN, NATIVE_TRANSFER_GAS, signBound, TOKEN_TRANSFER_GAS, verifiedSend, type BindableSend, type Fees } from "@/lib/studio/chain/evm/bound-transaction";
import { walletAddress } from "@/lib/studio/chain/hd-wallet";
import { orgAccount } from "@/lib/studio/chain/evm/keys";
import { rpcChain, type RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { GAS_TANK_INDEX, TREASURY_INDEX } from "@/lib/studio/chain/wallet-indexes";

export const evmRpcChain: ChainAdapter = {
  name: "rpc",
  depositAddress: ({ chain, ...rest }) => walletAddress({ family: chain.family, ...rest }),

  async plan(tx, transfer, source) {
    const rpc = requireRpcChain(transfer.chain.id);
    if (!Object.values(rpc.chain.tokens).some((token) => token.address.toLowerCase() === transfer.tokenAddress.toLowerCase())) {
      throw new Error(`${transfer.tokenAddress} is not a configured token on ${rpc.chain.id}`);
    }
    const sender = await orgAccount(tx, source.orgId, await senderIndex(tx, source));
    const fees = await currentFees(rpc);
    const topUp = await planGasTopUp(tx, rpc, source, sender.address, TOKEN_TRANSFER_GAS * fees.maxFeePerGas);
    const signed = await signWithNextNonce(tx, rpc, sender, fees, {
      id: transfer.reference,
      orgId: source.orgId,
      paymentIntentId: source.paymentIntentId,
      purpose: transfer.purpose,
      chainId: rpc.chain.id,
      tokenAddress: transfer.tokenAddress,
      toAddress: transfer.to,
      amount: transfer.amount,
    });
    return { ...signed, afterSendId: topUp };
  },

  async broadcast(send) {
    const rpc = requireRpcChain(send.chainId);
    if (!(await verifiedOrQuarantined(rpc, send, "broadcast"))) return "refused";
    if (send.afterSendId && !(await isMined(send.afterSendId))) return "waiting";
    await sendRaw(rpc, send.rawTx as Hex);
    return "sent";
  },
};

/** Whether the send's row holds: its MAC, and its stored bytes its bound transaction; one that fails is quarantined. */
async function verifiedOrQuarantined(rpc: RpcChain, send: SendRow, step: GuardedStep, now: Date = new Date()): Promise<boolean> {
  return (await quarantineOnViolation(send, step, now, async () => Boolean(await verifiedSend(rpc, send)))) === true;
}

/** The stored bytes of a broadcast send again (a node may have forgotten them), once they prove to be the bound transaction. */
export async function resendStored(rpc: RpcChain, send: SendRow, now: Date): Promise<void> {
  if (await verifiedOrQuarantined(rpc, send, "re-broadcast", now)) await sendRaw(rpc, send.rawTx as Hex);
}

/** Sends signed bytes; a node that already has them (or mined them) has the same transaction, not a second one. */
export async function sendRaw(rpc: RpcChain, rawTx: Hex): Promise<void> {
  try {
    await rpc.client.request({ method: "eth_sendRawTransaction", params: [rawTx] });
  } catch (error) {
    if (/already known|known transaction|already imported|nonce too low|replacement transaction underpriced/i.test(String(error))) return;
    throw error;
  }
}

export function requireRpcChain(chainId: string): RpcChain {
  const rpc = rpcChain(chainId);
  if (!rpc) throw new Error(`chain ${chainId} has no RPC node configured`);
  return rpc;
}

/** The HD index of the key that holds the funds: the treasury's, or the payment's deposit address's. */
async function senderIndex(tx: Tx, source: SendSource): Promise<number> {
  if (source.sender === "treasury") return TREASURY_INDEX;
  if (!source.paymentIntentId) throw new Error("a send from a deposit address needs its payment intent");
  const [pi] = await tx.select({ index: paymentIntents.addressIndex }).from(paymentIntents).where(eq(paymentIntents.id, source.paymentIntentId));
  if (pi?.index === null || pi?.index === undefined) throw new Error(`payment intent ${source.paymentIntentId} has no deposit address`);
  return pi.index;
}

/** The fee a transaction offers now: the node's estimate, held briefly so a burst of sends asks once. */
const feeCache = new Map<string, { fees: Fees; until: number }>();
export async function currentFees(rpc: RpcChain): Promise<Fees> {
  const cached = feeCache.get(rpc.chain.id);
  if (cached && cached.until > Date.now()) return cached.fees;
  const estimate = await rpc.client.estimateFeesPerGas({ chain: null, type: "eip1559" });
  const fees = { maxFeePerGas: estimate.maxFeePerGas, maxPriorityFeePerGas: estimate.maxPriorityFeePerGas };
  feeCache.set(rpc.chain.id, { fees, until: Date.now() + 2_000 });
  return fees;
}

/** The gas tank's native transfer of `wei` to `to`, planned as a send of its own; returns its id. */
async function planGasTopUp(tx: Tx, rpc: RpcChain, source: SendSource, to: Address, wei: bigint): Promise<string> {
  const tank = await orgAccount(tx, source.orgId, GAS_TANK_INDEX);
  const fees = await currentFees(rpc);
  const send = {
    id: newId("send"),
    orgId: source.orgId,
    paymentIntentId: source.paymentIntentId,
    purpose: "gas_top_up",
    chainId: rpc.chain.id,
    tokenAddress: NATIVE_TOKEN,
    toAddress: to,
    amount: formatUnits(wei, NATIVE_DECIMALS),
  };
  const signed = await signWithNextNonce(tx, rpc, tank, fees, send);
  await tx.insert(chainSends).values({ ...send, lastError: null, ...signed });
  return send.id;
}

/**
 * Takes `sender`'s next nonce in this transaction, binds the send (its MAC) and signs it as
 * rebuilt from the binding; the plan's hash is the raw bytes' hash.
 */
async function signWithNextNonce(
  tx: Tx,
  rpc: RpcChain,
  sender: PrivateKeyAccount,
  fees: Fees,
  send: Omit<BindableSend, "fromAddress" | "nonce">,
): Promise<PlannedTransfer & { rawTx: Hex; txHash: Hex }> {
  const nonce = await takeNonce(tx, rpc, sender.address);
  const binding = evmSendBinding(rpc, { ...send, fromAddress: sender.address, nonce });
  const bindingMac = bindSend(binding);
  const rawTx = await signBound(rpc, sender, binding, bindingMac, fees);
  const txHash = keccak256(rawTx);
  return { fromAddress: sender.address, nonce, rawTx, txHash, txHashes: [txHash], bindingMac };
}

/**
 * The next nonce of `address` on the chain. The first send from an address asks the node how many
 * it has sent; after that the row counts, locked until this transaction ends.
 */
async function takeNonce(tx: Tx, rpc: RpcChain, address: Address): Promise<number> {
  const key = and(eq(chainNonces.chainId, rpc.chain.id), eq(chainNonces.address, address));
  const [taken] = await tx
    .update(chainNonces)
    .set({ nextNonce: sql`${chainNonces.nextNonce} + 1` })
    .where(key)
    .returning({ next: chainNonces.nextNonce });
  if (taken) return taken.next - 1;
  const sentSoFar = await rpc.client.getTransactionCount({ address, blockTag: "pending" });
  // Two first sends at once: the second waits on the first's row and takes the nonce after it.
  const [inserted] = await tx
    .insert(chainNonces)
    .values({ chainId: rpc.chain.id, address, nextNonce: sentSoFar + 1 })
    .onConflictDoUpdate({ target: [chainNonces.chainId, chainNonces.address], set: { nextNonce: sql`${chainNonces.nextNonce} + 1` } })
    .returning({ next: chainNonces.nextNonce });
  if (!inserted) throw new Error(`no nonce row for ${address}`);
  return inserted.next - 1;
}

async function isMined(sendId: string): Promise<boolean> {
  const database = await db();
  const [row] = await database.select({ status: chainSends.status, minedBlock: chainSends.minedBlock }).from(chainSends).where(eq(chainSends.id, sendId));
  return row !== undefined && row.minedBlock !== null && row.status !== "failed";
}
