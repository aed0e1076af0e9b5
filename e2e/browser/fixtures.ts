import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { InvoiceFormPage } from "./pages/invoice-form-page";
import { InvoiceListPage } from "./pages/invoice-list-page";
import { PayoutDetailPage } from "./pages/payout-detail-page";
import { PayoutFormPage } from "./pages/payout-form-page";
import { PayoutListPage } from "./pages/payout-list-page";
import { baseUrl, person, type Role } from "./support";

export type Console = {
  page: Page;
  list: InvoiceListPage;
  detail: InvoiceDetailPage;
  form: InvoiceFormPage;
  payouts: { list: PayoutListPage; detail: PayoutDetailPage; form: PayoutFormPage };
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type SignInOptions = {
  /** A session of its own: for a test that ends or changes its session. */
  ownSession?: boolean;
};

// Sign-in is the subject of its own specs (session.spec.ts, team.spec.ts and others drive the
// form through SignInPage); every other test gets its session by request, the console's own
// POST /api/auth/sign-in with the Origin its same-origin check asks for, and no page load: its
// page starts blank and goes where the test means to. A worker keeps each role's session and
// hands a copy to the next test of that role in the spec's organization.
const sessions = new Map<string, { state: StorageState; passwordCheckedAt: number }>();
// A worker's session outlives the console's step-up window (STEP_UP_MAX_AGE_MS, 5 minutes): one
// reused after this long proves its password again first, so a test that signs or withdraws is
// not asked for it unless it means to be (e2e/browser/step-up.spec.ts).
const STEP_UP_AFTER_MS = 2 * 60 * 1000;

async function signedIn(browser: Browser, role: Role, options: SignInOptions, opened: Array<() => Promise<void>>, watched: Array<() => string[]>): Promise<Console> {
  const user = person(role);
  const stored = options.ownSession ? undefined : sessions.get(user.email);
  const context = await browser.newContext(stored ? { storageState: stored.state } : {});
  opened.push(() => context.close());
  watched.push(watchMissingMessages(context));
  if (stored) {
    if (Date.now() - stored.passwordCheckedAt > STEP_UP_AFTER_MS) {
      const stepped = await context.request.post("/api/auth/step-up", { headers: { Origin: baseUrl }, data: { password: user.password } });
      if (!stepped.ok()) throw new Error(`step-up of a reused session failed: ${stepped.status()}`);
      stored.passwordCheckedAt = Date.now();
    }
  } else {
    const signIn = await context.request.post("/api/auth/sign-in", { headers: { Origin: baseUrl }, data: { email: user.email, password: user.password } });
    if (!signIn.ok()) throw new Error(`sign-in of ${user.email} failed: ${signIn.status()} ${await signIn.text()}`);
    if (!options.ownSession) sessions.set(user.email, { state: await context.storageState(), passwordCheckedAt: Date.now() });
  }
  const page = await context.newPage();
  return {
    page,
    list: new InvoiceListPage(page),
    detail: new InvoiceDetailPage(page),
    form: new InvoiceFormPage(page),
    payouts: { list: new PayoutListPage(page), detail: new PayoutDetailPage(page), form: new PayoutFormPage(page) },
  };
}

/**
 * Messages a page's client components asked for and its provider did not carry (each page names
 * its namespaces, components/console-intl.tsx): next-intl logs MISSING_MESSAGE and shows the key.
 * Every spec's contexts are watched, so a dialog a spec opens is checked as well as the first render.
 */
export function watchMissingMessages(context: BrowserContext): () => string[] {
  const missing: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("MISSING_MESSAGE")) missing.push(`${message.page()?.url()}: ${message.text().split("\n")[0]}`);
  });
  return () => missing;
}

/** `as(role)`: a separate browser context signed in as that person of the spec's own organization. */
export const test = base.extend<{ as: (role: Role, options?: SignInOptions) => Promise<Console> }>({
  context: async ({ context }, use) => {
    const missing = watchMissingMessages(context);
    await use(context);
    expect(missing(), "messages missing from a page's client provider").toEqual([]);
  },
  as: async ({ browser }, use) => {
    const opened: Array<() => Promise<void>> = [];
    const watched: Array<() => string[]> = [];
    await use((role, options = {}) => signedIn(browser, role, options, opened, watched));
    for (const close of opened) await close();
    expect(watched.flatMap((missing) => missing()), "messages missing from a page's client provider").toEqual([]);
  },
});

export { expect };
