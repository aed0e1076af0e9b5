// GET /lookup (extension, issue 27): the console's command palette jumps to a record by what a
// person has at hand — an invoice or payout number, an id, a deposit address, a tx hash. Every
// branch is an exact match on an index, so a lookup costs the same at a million records; partial
// text is the lists' `search`.
import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/studio/auth/principal";
import { CHAINS } from "@/lib/studio/chain/registry";
import { chainDeposits, chainSends } from "@/lib/studio/db/chain-schema";
import { invoices } from "@/lib/studio/db/invoices-schema";
import { chainTransfers, paymentIntents, standalonePaymentIntents } from "@/lib/studio/db/payment-intents-schema";
import { payouts } from "@/lib/studio/db/payouts-schema";
import { LOOKUP_LIMIT, LOOKUP_MATCHES, type LookupMatch, type LookupQuery } from "@/lib/studio/lookup/schemas";
import { tokenAmount } from "@/lib/studio/payment-intents/serialize";

type Hit = {
  matched: LookupMatch["matched"];
  kind: LookupMatch["kind"];
  id: string;
  label: string;
  status: string;
  crypto_amount: string;
  decimals: number;
  token_symbol: string;
  chain_id: string;
};

export async function lookupRecords(input: { principal: Principal; query: LookupQuery }): Promise<LookupMatch[]> {
  const database = await db();
  const orgId = input.principal.orgId;
  const text = input.query.q;
  // EVM addresses and hashes are hex: stored checksummed or lower-case, typed in any case.
  const folded = text.toLowerCase();
  // The deposit-address and chain-deposit indexes lead with the chain: naming every chain lets them serve a lookup without one.
  const chainIds = sql.join(
    CHAINS.map((chain) => sql`${chain.id}`),
    sql`, `,
  );
  const result = await database.execute(sql`
    WITH hits AS (
      SELECT payment_intent_id AS pi_id, CASE WHEN invoice_number = ${text} THEN 'number' ELSE 'id' END AS matched
        FROM ${invoices} WHERE org_id = ${orgId} AND (invoice_number = ${text} OR id = ${text})
      UNION ALL
      SELECT payment_intent_id, CASE WHEN payout_number = ${text} THEN 'number' ELSE 'id' END
        FROM ${payouts} WHERE org_id = ${orgId} AND (payout_number = ${text} OR id = ${text})
      UNION ALL
      SELECT id, 'id' FROM ${paymentIntents} WHERE org_id = ${orgId} AND id = ${text}
      UNION ALL
      SELECT id, 'payment_address' FROM ${paymentIntents}
        WHERE org_id = ${orgId} AND chain_id IN (${chainIds}) AND lower(payment_address) = ${folded}
      UNION ALL
      SELECT payment_intent_id, 'tx_hash' FROM ${chainTransfers} WHERE org_id = ${orgId} AND tx_hash IN (${text}, ${folded})
      UNION ALL
      -- An RPC chain's transfer not yet at depth, or set aside for paying nothing (a wrong token…).
      SELECT payment_intent_id, 'tx_hash' FROM ${chainDeposits}
        WHERE org_id = ${orgId} AND chain_id IN (${chainIds}) AND tx_hash IN (${text}, ${folded})
      UNION ALL
      SELECT payment_intent_id, 'tx_hash' FROM ${chainSends}
        WHERE org_id = ${orgId} AND tx_hash IN (${text}, ${folded}) AND payment_intent_id IS NOT NULL
    )
    SELECT hits.matched,
           CASE WHEN i.id IS NOT NULL THEN 'invoice' WHEN p.id IS NOT NULL THEN 'payout' ELSE 'payment_intent' END AS kind,
           coalesce(i.id, p.id, s.id) AS id,
           coalesce(i.invoice_number, p.payout_number, s.id) AS label,
           coalesce(i.status, p.status, s.status) AS status,
           pi.crypto_amount, pi.decimals, pi.token_symbol, pi.chain_id
      FROM hits
      JOIN ${paymentIntents} pi ON pi.id = hits.pi_id AND pi.org_id = ${orgId}
      LEFT JOIN ${invoices} i ON i.payment_intent_id = pi.id
      LEFT JOIN ${payouts} p ON p.payment_intent_id = pi.id
      LEFT JOIN ${standalonePaymentIntents} s ON s.payment_intent_id = pi.id
     WHERE coalesce(i.id, p.id, s.id) IS NOT NULL
  `);
  const hits = (result as unknown as { rows: Hit[] }).rows;
  // One entry per record, under its most telling match (a number before an id before an address).
  const rank = (hit: Hit) => LOOKUP_MATCHES.indexOf(hit.matched);
  const best = new Map<string, Hit>();
  for (const hit of hits) {
    const key = `${hit.kind}:${hit.id}`;
    const kept = best.get(key);
    if (!kept || rank(hit) < rank(kept)) best.set(key, hit);
  }
  return [...best.values()]
    .sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label))
    .slice(0, LOOKUP_LIMIT)
    .map((hit) => ({
      kind: hit.kind,
      id: hit.id,
      label: hit.label,
      status: hit.status,
      amount: tokenAmount(hit.crypto_amount, Number(hit.decimals)) ?? "0",
      token: hit.token_symbol,
      chain_id: hit.chain_id,
      matched: hit.matched,
    }));
}
