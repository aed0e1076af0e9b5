import "server-only";
// An EVM send's transaction, from its bound fields alone (chain/send-binding.ts): an ERC-20
// transfer(to, amount) to the token contract, or a native transfer for a gas top-up. Signing
// rebuilds it from there, after the MAC check, with the key of the bound sender; a stored signed
// transaction goes out again only if it is exactly this one, signed by the row's sender.
import { eq } from "drizzle-orm";
import { encodeFunctionData, erc20Abi, getAddress, isHex, parseTransaction, recoverTransactionAddress, type Address, type Hex, type TransactionSerializableEIP1559 } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { DbOrTx } from "@/lib/db/client";
import { paymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { parseUnits } from "@/lib/studio/core/money";
import type { SendRow } from "@/lib/studio/chain/adapter";
import { requireIntactBinding, SendBindingViolation, type SendBinding } from "@/lib/studio/chain/send-binding";
import { orgAccount } from "@/lib/studio/chain/evm/keys";
import type { RpcChain } from "@/lib/studio/chain/evm/rpc-chains";
import { GAS_TANK_INDEX, TREASURY_INDEX } from "@/lib/studio/chain/wallet-indexes";

/** Gas limit of an ERC-20 transfer: USDC and USDT use 35,000–65,000; the unused rest is not charged. */
export const TOKEN_TRANSFER_GAS = 100_000n;
export const NATIVE_TRANSFER_GAS = 21_000n;
/** Native coins are recorded in wei as a decimal of the coin (18 places) in the NUMERIC amount column. */
export const NATIVE_DECIMALS = 18;
export const NATIVE_TOKEN = "native";

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** The columns of a send that its binding covers. */
export type BindableSend = Pick<SendRow, "id" | "orgId" | "paymentIntentId" | "purpose" | "chainId" | "tokenAddress" | "toAddress" | "amount" | "fromAddress" | "nonce">;

const refuse = (reason: string) => new SendBindingViolation(reason);

function checksummed(address: string | null, what: string): Address {
  try {
    return getAddress(address ?? "");
  } catch {
    throw refuse(`its ${what} ${JSON.stringify(address)} is not an EVM address`);
  }
}

/** The binding of an EVM send as its columns state it (addresses checksummed, the amount in base units). */
export function evmSendBinding(rpc: RpcChain, send: BindableSend): SendBinding {
  const native = send.tokenAddress === NATIVE_TOKEN;
  const token = Object.values(rpc.chain.tokens).find((candidate) => candidate.address.toLowerCase() === send.tokenAddress.toLowerCase());
  if (!native && !token) throw refuse(`${send.tokenAddress} is not a configured token on ${rpc.chain.id}`);
  if (send.nonce === null) throw refuse("it has no nonce");
  let amountUnits: bigint;
  try {
    amountUnits = parseUnits(String(send.amount), native ? NATIVE_DECIMALS : token!.decimals);
  } catch {
    throw refuse(`its amount ${JSON.stringify(send.amount)} is not an amount of the token`);
  }
  return {
    id: send.id,
    orgId: send.orgId,
    paymentIntentId: send.paymentIntentId,
    purpose: send.purpose,
    chainId: rpc.chain.id,
    network: `eip155:${rpc.evmChainId}`,
    tokenAddress: native ? NATIVE_TOKEN : checksummed(send.tokenAddress, "token address"),
    toAddress: checksummed(send.toAddress, "destination"),
    amountUnits,
    fromAddress: checksummed(send.fromAddress, "sender"),
    nonce: send.nonce,
  };
}

/** The one transaction a binding allows (fees aside). */
export function boundCall(binding: SendBinding): { to: Address; data?: Hex; value?: bigint; gas: bigint } {
  const to = binding.toAddress as Address;
  if (binding.tokenAddress === NATIVE_TOKEN) return { to, value: binding.amountUnits, gas: NATIVE_TRANSFER_GAS };
  return {
    to: binding.tokenAddress as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, binding.amountUnits] }),
    gas: TOKEN_TRANSFER_GAS,
  };
}

/** Signs the bound transaction at `fees`, once the MAC holds and `signer` is the bound sender. */
export function signBound(rpc: RpcChain, signer: PrivateKeyAccount, binding: SendBinding, mac: string | null, fees: Fees): Promise<Hex> {
  requireIntactBinding(binding, mac);
  if (signer.address !== binding.fromAddress) throw refuse(`the key found signs for ${signer.address}, not the bound sender ${binding.fromAddress}`);
  if (binding.network !== `eip155:${rpc.evmChainId}`) throw refuse(`it is bound to ${binding.network}, not this node's eip155:${rpc.evmChainId}`);
  if (binding.nonce === null) throw refuse("it has no nonce");
  return signer.signTransaction({ type: "eip1559", chainId: rpc.evmChainId, nonce: binding.nonce, ...boundCall(binding), ...fees });
}

/** The stored signed transaction, if it is exactly the bound one and signed by the bound sender. */
export async function verifiedStoredTransaction(rpc: RpcChain, rawTx: string | null, binding: SendBinding): Promise<TransactionSerializableEIP1559> {
  if (!rawTx || !isHex(rawTx)) throw refuse("it has no stored signed transaction");
  let parsed: ReturnType<typeof parseTransaction>;
  let signer: Address;
  try {
    parsed = parseTransaction(rawTx);
    signer = await recoverTransactionAddress({ serializedTransaction: rawTx as Parameters<typeof recoverTransactionAddress>[0]["serializedTransaction"] });
  } catch {
    throw refuse("its stored transaction does not parse or carries no valid signature");
  }
  if (parsed.type !== "eip1559") throw refuse(`its stored transaction is of type ${parsed.type}, not eip1559`);
  if (signer !== binding.fromAddress) throw refuse(`its stored transaction is signed by ${signer}, not by the sender ${binding.fromAddress}`);
  const expected = boundCall(binding);
  const differences = [
    parsed.chainId !== rpc.evmChainId && `chain id ${parsed.chainId} ≠ ${rpc.evmChainId}`,
    parsed.nonce !== binding.nonce && `nonce ${parsed.nonce} ≠ ${binding.nonce}`,
    (parsed.to ? getAddress(parsed.to) : null) !== expected.to && `to ${parsed.to} ≠ ${expected.to}`,
    (parsed.data ?? "0x").toLowerCase() !== (expected.data ?? "0x").toLowerCase() && "call data (token transfer's recipient or amount)",
    (parsed.value ?? 0n) !== (expected.value ?? 0n) && `value ${parsed.value ?? 0n} ≠ ${expected.value ?? 0n}`,
  ].filter((difference): difference is string => typeof difference === "string");
  if (differences.length > 0) throw refuse(`its stored transaction is not its bound send: ${differences.join(", ")}`);
  return parsed;
}

/** The send's binding with its MAC checked, and its stored transaction proven to be that send. */
export async function verifiedSend(rpc: RpcChain, send: SendRow): Promise<{ binding: SendBinding; stored: TransactionSerializableEIP1559 }> {
  const binding = evmSendBinding(rpc, send);
  requireIntactBinding(binding, send.bindingMac);
  return { binding, stored: await verifiedStoredTransaction(rpc, send.rawTx, binding) };
}

/** The key of the bound sender: the treasury, the gas tank, or the bound payment's deposit address. */
export async function boundSigner(database: DbOrTx, binding: SendBinding): Promise<PrivateKeyAccount> {
  for (const index of [TREASURY_INDEX, GAS_TANK_INDEX]) {
    const account = await orgAccount(database, binding.orgId, index);
    if (account.address === binding.fromAddress) return account;
  }
  const [pi] = binding.paymentIntentId
    ? await database.select({ index: paymentIntents.addressIndex, orgId: paymentIntents.orgId }).from(paymentIntents).where(eq(paymentIntents.id, binding.paymentIntentId))
    : [];
  if (pi?.index === null || pi?.index === undefined || pi.orgId !== binding.orgId) throw refuse(`no key of organization ${binding.orgId} signs for ${binding.fromAddress}`);
  const account = await orgAccount(database, binding.orgId, pi.index);
  if (account.address !== binding.fromAddress) throw refuse(`the key found signs for ${account.address}, not the bound sender ${binding.fromAddress}`);
  return account;
}
