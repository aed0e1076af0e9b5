import "server-only";
import type { InvoiceCreateInput } from "@/lib/studio/invoices/schemas";
import { formatFixed, formatUnits } from "@/lib/studio/core/money";
import { totalInUnits } from "@/lib/studio/invoices/amounts";
import { findToken } from "@/lib/studio/chain/registry";

const RECIPIENTS = [
  ["Maya Chen", "Lumen Labs"],
  ["Daniel Okafor", "Harbor Freight Co"],
  ["Sofia Rossi", "Rossi Design Studio"],
  ["Kenji Watanabe", "Kite Robotics"],
  ["Amara Singh", "Blue Fern Media"],
  ["Lucas Martin", "Northwind Traders"],
  ["Hannah Weber", "Alpine Analytics"],
  ["Tomás García", "Solar Orchard"],
  ["Li Wei", "Jade River Imports"],
  ["Olivia Brown", "Brown & Partners"],
  ["Noah Kim", "Pixel Foundry"],
  ["Chloé Dubois", "Atelier Dubois"],
] as const;

const ITEMS = [
  ["Consulting hours", 150],
  ["Design retainer", 1200],
  ["API usage (per 1k calls)", 0.45],
  ["Hosting, monthly", 89.99],
  ["Security audit", 4800],
  ["Support plan", 299],
  ["Translation (per word)", 0.12],
  ["Hardware unit", 349.5],
] as const;

const CHAINS = [
  ["arb", "USDC"],
  ["eth", "USDT"],
  ["base", "USDC"],
  ["optimism", "USDT"],
  ["polygon", "USDC"],
  ["bsc", "USDT"],
  ["tron", "USDT"],
  ["sol", "USDC"],
] as const;

/** Deterministic variety (mulberry32), so every fresh demo database looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How far back the demo's history goes: its oldest invoice is at most this old. */
export const DEMO_HISTORY_MS = 120 * 24 * 3600 * 1000;

/** Create requests spread over the demo's history, oldest first (creation order is list order). */
export function seedInvoiceRequests(count: number, now: Date): Array<{ request: InvoiceCreateInput; createdAt: Date }> {
  const next = random(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const times = Array.from({ length: count }, () => now.getTime() - Math.floor(next() * DEMO_HISTORY_MS)).sort((a, b) => a - b);
  return times.map((time, index) => {
    const [name, organization] = pick(RECIPIENTS);
    const [chain, symbol] = pick(CHAINS);
    const token = findToken(chain, symbol);
    if (!token) throw new Error(`seed chain ${chain} lacks ${symbol}`);
    const itemCount = 1 + Math.floor(next() * 3);
    const detail_items = Array.from({ length: itemCount }, () => {
      const [itemName, price] = pick(ITEMS);
      const quantity = 1 + Math.floor(next() * 20);
      return next() < 0.3 ? { name: itemName, quantity, unit_price: price, tax: 5 } : { name: itemName, quantity, unit_price: price };
    });
    const fiat = next() < 0.5;
    const decimals = fiat ? 2 : token.decimals;
    const total = totalInUnits(detail_items, decimals);
    const slug = name.toLowerCase().replace(/[^a-z]+/g, ".");
    const request: InvoiceCreateInput = {
      pricing_mode: fiat ? "fiat" : "crypto",
      amount: fiat ? formatFixed(total, 2) : formatUnits(total, decimals),
      currency: fiat ? (next() < 0.7 ? "USD" : "TWD") : undefined,
      pay_token: symbol,
      chain,
      origin: "https://shop.demo-merchant.test",
      recipient_name: name,
      recipient_email: `${slug}@${organization.toLowerCase().replace(/[^a-z]+/g, "")}.test`,
      organization_name: organization,
      organization_email: `billing@${organization.toLowerCase().replace(/[^a-z]+/g, "")}.test`,
      creator: "Fiona Finance",
      payment_terms: pick([0, 7, 14, 30]),
      description: `Services for ${organization}, batch ${index + 1}`,
      payment_method_type: "crypto",
      detail_items,
    };
    return { request, createdAt: new Date(time) };
  });
}
