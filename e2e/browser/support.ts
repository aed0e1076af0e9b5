// The running spec's organizations and people, and a direct Studio API client for test set-up.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { organizationsOf } from "../organizations/test-organizations";

export const baseUrl = process.env.STUDIO_TEST_URL ?? "";
const dataDir = process.env.STUDIO_TEST_DATA_DIR ?? "";
if (!baseUrl || !dataDir) throw new Error("Run the browser tests through `node scripts/test.mjs browser`.");

export type Role = "finance" | "approver" | "admin" | "viewer";
type Person = { uid: string; role: Role; name: string; email: string; password: string; api_key: string };
type Organization = { org_id: number; name: string; client_id: string; webhook_secret: string; users: Person[] };

/** The demo seed's organizations: Demo Merchant, then Second Merchant. */
const demo: { orgs: Organization[] } = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));

const specsInDemo = new Set<string>();
/**
 * For a spec whose subject is the demo seed's own data (its invoices, its organization's name):
 * called at its top with `import.meta.url`, its tests act in the demo organizations.
 */
export function useDemoOrganizations(specUrl: string): void {
  specsInDemo.add(fileURLToPath(specUrl));
}

/**
 * The running spec's two organizations (e2e/organizations/provision.ts made them before the
 * server started), each with the demo's four people: index 0 is the spec's own, index 1 the other
 * one. A worker runs several specs, so the spec is the running test's (`test.info()`).
 */
export function organizations(): Organization[] {
  const file = test.info().file;
  return specsInDemo.has(path.resolve(file)) ? demo.orgs : (organizationsOf(dataDir, file) as Organization[]);
}

/** A person of the running spec's organization `orgIndex` (its own unless told). */
export function person(role: Role, orgIndex = 0): Person {
  const found = organizations()[orgIndex]?.users.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} in org ${orgIndex}`);
  return found;
}

/** Every API key the running spec's pages could show: the demo's and its own organizations' (eight each, both organizations). */
export const allApiKeys = (): string[] => [...new Set([...demo.orgs, ...organizations()].flatMap((org) => org.users.map((user) => user.api_key)))];
export const KEY_PATTERN = /stk_[A-Za-z0-9_-]{32}/;

/** What a concurrency test proves against the server under test: PGlite runs one transaction at a time. */
export const RACE_MODE = process.env.DATABASE_URL ? "(a real race on PostgreSQL)" : "(serialized on PGlite: proves ordering only)";

export const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/** Calls the Studio API directly with the key of the spec's `role` (set-up only; the console itself is under test). */
export async function studio<T = any>(method: string, urlPath: string, role: Role, body?: unknown): Promise<T> {
  const org = organizations()[0]!;
  const response = await fetch(`${baseUrl}/v1/studio/api${urlPath}`, {
    method,
    headers: {
      "X-STUDIO-API-KEY": person(role).api_key,
      "X-Client-ID": org.client_id,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${urlPath} → ${response.status} ${json.message}`);
  return json.data;
}

export type InvoiceRecord = { id: string; invoice_id: string; status: string; recipient_name: string; payment_intent: any };

/** A pending invoice created by the finance person, with a unique recipient name. */
export async function createInvoice(recipientName = unique("Recipient"), changes: Record<string, unknown> = {}): Promise<InvoiceRecord> {
  return studio<InvoiceRecord>("POST", "/invoice/intent", "finance", {
    pricing_mode: "fiat",
    amount: "42.00",
    currency: "USD",
    pay_token: "USDC",
    chain: "arb",
    origin: "https://merchant.example",
    recipient_name: recipientName,
    recipient_email: "payer@customer.example",
    organization_name: "Customer Ltd",
    organization_email: "ap@customer.example",
    creator: "Fiona Finance",
    payment_terms: 14,
    detail_items: [{ name: "Consulting", quantity: 2, unit_price: 21 }],
    ...changes,
  });
}

/** A valid EIP-55 address (the EIP's own test vector) to pay payouts out to. */
export const PAYOUT_TARGET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

export type PayoutRecord = { id: string; payout_id: string; status: string; recipient_name: string; payment_intent: any };

/** A pending payout of 100 USDC (98.5 net) on Arbitrum, created by the finance person unless `by` says otherwise. */
export async function createPayout(
  recipientName = unique("Payee"),
  changes: Record<string, unknown> = {},
  by: Role = "finance",
): Promise<PayoutRecord> {
  return studio<PayoutRecord>("POST", "/payout/intent", by, {
    pricing_mode: "crypto",
    amount: "100",
    exact_out_amount: "98.5",
    pay_token: "USDC",
    chain: "arb",
    origin: "https://merchant.example",
    recipient_name: recipientName,
    recipient_email: "payee@vendor.example",
    organization_name: "Vendor Ltd",
    organization_email: "ar@vendor.example",
    creator: "Fiona Finance",
    payout_target_address: PAYOUT_TARGET,
    ...changes,
  });
}

export type PaymentIntentRecord = {
  payment_intent_id: string;
  status: string;
  payment_address: string;
  crypto_amount: string;
  symbol: string;
  payment_tx_hash: string | null;
  aggregation_tx_hash: string | null;
};

/** A standalone payment intent priced in tokens, created by the finance person (the shop's checkout). */
export async function createPaymentIntent(changes: Record<string, unknown> = {}): Promise<PaymentIntentRecord> {
  return studio<PaymentIntentRecord>("POST", "/payment/intent", "finance", { crypto_amount: "3.5", pay_token: "USDC", chain: "arb", ...changes });
}

/** Pays a payment intent on the sandbox chain and answers the intent as it is afterwards. */
export async function payPaymentIntent(id: string, amount: string): Promise<PaymentIntentRecord> {
  await studio("POST", `/sandbox/payment_intent/${id}/pay`, "admin", { amount });
  return studio<PaymentIntentRecord>("GET", `/payment/intent/${id}`, "finance");
}

/**
 * A screenshot kept in the test output for a person to look at, as `page.screenshot` takes it;
 * nothing asserts on it. In CI (CI set, as .ci/run does) none is taken: a full-page capture of
 * every state costs CPU no check reads, and a failing test's own screenshot is still taken
 * (playwright.config.ts, `screenshot: "only-on-failure"`).
 */
export async function keepScreenshot(page: Page, options: Parameters<Page["screenshot"]>[0]): Promise<void> {
  if (process.env.CI) return;
  await page.screenshot(options);
}

const FAILING_IMPACTS = new Set(["moderate", "serious", "critical"]);

/**
 * The page's axe violations of moderate impact or worse (the console's bar), one line per rule
 * naming the state audited and the nodes: `expect(...).toEqual([])` then says what failed where.
 * `within` audits only part of the page (an open dialog); `rules` runs only those rules.
 */
export async function axeViolations(
  page: Page,
  { state = "page", within, rules }: { state?: string; within?: string; rules?: string[] } = {},
): Promise<string[]> {
  // Next streams a page's metadata in its own Suspense boundary, and a router.refresh mounts it
  // anew: for a moment after the refreshed body is on screen the document has no <title> (seen
  // on the payment page under CI load). Audit the page once it has settled; a page that never
  // gets a title still fails here.
  await expect(page, `${state}: the document has a title`).toHaveTitle(/\S/);
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  if (rules) builder = builder.withRules(rules);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => `${state}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * axe's rules about colour. The dark theme changes nothing but colours (app/theme.css remaps the
 * palette under one `dark` variant, whether the person chose Dark or their system is dark), so
 * these are the rules a page can break in it that it keeps in the light theme.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Whether the page body is painted dark or light: its background colour's luminance, as the browser resolves it. */
export async function shadeOf(page: Page): Promise<"dark" | "light"> {
  const luminance = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255;
  });
  return luminance < 0.5 ? "dark" : "light";
}

/**
 * The page's violations in the light theme (every rule), then, in the same state, in the dark
 * theme (the colour rules), reached through the system's setting as a person whose theme is
 * System (the default) gets it; the page is light again afterwards. No page load: the state
 * reached once is audited in both themes.
 */
export async function axeViolationsInBothThemes(page: Page, options: { state?: string; within?: string } = {}): Promise<string[]> {
  const light = await axeViolations(page, options);
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    await expect.poll(() => shadeOf(page), `${options.state ?? "page"}: painted dark`).toBe("dark");
    // Colour transitions (a button's hover fade) run to their end before contrast is measured;
    // endless ones (a spinner) are not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const dark = await axeViolations(page, { ...options, state: `${options.state ?? "page"}, dark`, rules: COLOUR_RULES });
    return [...light, ...dark];
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
}

/**
 * Presses a key the console or its page listens for until it takes effect. The keys listen from a
 * script that starts after the server's HTML is on screen, so a key pressed in between goes
 * nowhere, as it would for a person; `took` says (with a short timeout) whether it worked. Only for keys whose effect is
 * the same when pressed twice.
 */
export async function pressOnceListening(page: Page, key: string, took: () => Promise<void>) {
  await expect(async () => {
    await page.keyboard.press(key);
    await took();
  }).toPass({ timeout: 15_000, intervals: [250, 500, 1000] });
}

/** /inbox, loaded. */
export async function openInbox(page: Page) {
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByTestId("inbox")).toHaveAttribute("aria-busy", "false");
}
