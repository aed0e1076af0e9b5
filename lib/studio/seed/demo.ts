import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { organizations } from "@/lib/studio/db/orgs-schema";
import type { Permission } from "@/lib/studio/auth/permissions";
import { authenticate } from "@/lib/studio/auth/principal";
import { createApiKey, createClientId, createOrganization, createUser } from "@/lib/studio/orgs/operator";
import { createInvoice } from "@/lib/studio/invoices/create-invoice";
import { DEMO_HISTORY_MS, seedInvoiceRequests } from "@/lib/studio/seed/demo-invoices";
import { sweepExpired } from "@/lib/studio/process/sweeper";
import { DemoClock } from "@/lib/studio/seed/demo-clock";
import { demoPayoutStories } from "@/lib/studio/seed/demo-payouts";
import { demoPaymentIntentStories } from "@/lib/studio/seed/demo-payment-intents";
import { driveDemoInvoice, planFor } from "@/lib/studio/seed/demo-workflow";
import { log } from "@/lib/observability/log";

export const DEMO_ROLES: Record<string, Permission[]> = {
  finance: ["transfer:read", "transfer:create"],
  approver: ["transfer:read", "transfer:approve"],
  admin: ["transfer:create", "transfer:approve", "transfer:sign", "transfer:read", "org:manage"],
  viewer: ["transfer:read"],
};

export const DEMO_PEOPLE: Record<string, string> = {
  finance: "Fiona Finance",
  approver: "Avery Approver",
  admin: "Ada Admin",
  viewer: "Victor Viewer",
};

export type DemoCredentials = {
  orgs: Array<{
    org_id: number;
    name: string;
    client_id: string;
    webhook_secret: string;
    users: Array<{
      uid: string;
      role: string;
      name: string;
      email: string;
      password: string;
      api_key: string;
      permissions: Permission[];
    }>;
  }>;
};

export const demoCredentialsPath = () => path.join(env.DATA_DIR, "demo-credentials.json");

/**
 * On an empty database: two organizations with a client id, a webhook secret and four users
 * each, plus a few hundred invoices in the first. Returns undefined when there was data already.
 */
export async function seedDemoIfEmpty(): Promise<DemoCredentials | undefined> {
  const database = await db();
  const credentials = await database.transaction(async (tx) => {
    // Several servers may start at once against one PostgreSQL: only the first one seeds.
    await tx.execute(sql`LOCK TABLE ${organizations} IN EXCLUSIVE MODE`);
    const [existing] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) return undefined;
    const result: DemoCredentials = { orgs: [] };
    // Set up a day before the demo's history begins, so its audit log starts with its people.
    const now = new Date(Date.now() - DEMO_HISTORY_MS - 24 * 3600 * 1000);
    for (const name of ["Demo Merchant", "Second Merchant"]) {
      const org = await createOrganization({ name, now }, tx);
      const { clientId } = await createClientId({ orgId: org.id }, tx);
      const domain = name.toLowerCase().replace(/\s+/g, "-") + ".test";
      const people = [];
      for (const [role, permissions] of Object.entries(DEMO_ROLES)) {
        const person = { name: DEMO_PEOPLE[role] ?? role, email: `${role}@${domain}` };
        const { uid } = await createUser({ orgId: org.id, ...person, permissions, now }, tx);
        const { key } = await createApiKey({ uid, now }, tx);
        people.push({ uid, role, ...person, password: randomBytes(12).toString("base64url"), api_key: key, permissions });
      }
      result.orgs.push({ org_id: org.id, name, client_id: clientId, webhook_secret: org.webhookSecret, users: people });
    }
    return result;
  });
  if (!credentials) return undefined;

  await seedInvoices(credentials);
  const file = demoCredentialsPath();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  await fs.chmod(file, 0o600);
  log.info(`demo data seeded; credentials written to ${file}`);
  return credentials;
}

async function seedInvoices(credentials: DemoCredentials): Promise<void> {
  const demo = credentials.orgs[0];
  const key = (role: string) => demo?.users.find((user) => user.role === role)?.api_key ?? null;
  const financeKey = key("finance");
  if (!demo || !financeKey) return;
  const people = { finance: await authenticate(financeKey), approver: await authenticate(key("approver")), admin: await authenticate(key("admin")) };
  const clock = new DemoClock();
  const requests = seedInvoiceRequests(env.SEED_DEMO_INVOICES, new Date());
  const invoiceStories = requests.map(({ request, createdAt }, index) => async () => {
    const invoice = await createInvoice({ principal: people.finance, clientId: demo.client_id, request, now: await clock.until(createdAt) });
    const pi = invoice.payment_intent;
    const seeded = { id: invoice.id, index, createdAt, paymentIntentId: pi.payment_intent_id, chainId: pi.payment_chain_id, cryptoAmount: pi.crypto_amount, decimals: pi.decimals };
    await driveDemoInvoice(clock, seeded, planFor(index, requests.length), people);
  });
  await clock.run([
    ...invoiceStories,
    // A payout for every eight invoices, at most 24: enough for each status and a second page.
    ...demoPayoutStories(clock, { count: Math.min(24, Math.ceil(env.SEED_DEMO_INVOICES / 8)), clientId: demo.client_id, ...people }),
    // A standalone payment intent for every ten invoices, at most 20: each payment status, and a balance.
    ...demoPaymentIntentStories(clock, { count: Math.min(20, Math.ceil(env.SEED_DEMO_INVOICES / 10)), clientId: demo.client_id, ...people }),
  ]);
  // The same sweep the server runs: the payment windows that closed long ago become expired.
  await sweepExpired();
}
