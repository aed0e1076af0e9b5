import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { InvoiceFormPage } from "./pages/invoice-form-page";
import { InvoiceListPage } from "./pages/invoice-list-page";
import { PayoutDetailPage } from "./pages/payout-detail-page";
import { PayoutFormPage } from "./pages/payout-form-page";
import { PayoutListPage } from "./pages/payout-list-page";
import { SignInPage } from "./pages/sign-in-page";
import { person, type Role } from "./support";

export type Console = {
  page: Page;
  list: InvoiceListPage;
  detail: InvoiceDetailPage;
  form: InvoiceFormPage;
  payouts: { list: PayoutListPage; detail: PayoutDetailPage; form: PayoutFormPage };
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type SignInOptions = {
  /** A session of its own, signed in through the form: for a test that ends or changes its session. */
  ownSession?: boolean;
};

// A sign-in costs a password hash check and three page loads; the tests of sign-in itself drive the
// form, the rest start from a session this worker already opened for that role of the spec's organization.
const sessions = new Map<string, StorageState>();

async function signedIn(browser: Browser, role: Role, options: SignInOptions, opened: Array<() => Promise<void>>): Promise<Console> {
  const user = person(role);
  const stored = options.ownSession ? undefined : sessions.get(user.email);
  const context = await browser.newContext(stored ? { storageState: stored } : {});
  opened.push(() => context.close());
  const page = await context.newPage();
  if (stored) {
    await page.goto("/invoices");
  } else {
    await new SignInPage(page).signIn(user.email, user.password);
    if (!options.ownSession) sessions.set(user.email, await context.storageState());
  }
  return {
    page,
    list: new InvoiceListPage(page),
    detail: new InvoiceDetailPage(page),
    form: new InvoiceFormPage(page),
    payouts: { list: new PayoutListPage(page), detail: new PayoutDetailPage(page), form: new PayoutFormPage(page) },
  };
}

/** `as(role)`: a separate browser context signed in as that person of the spec's own organization. */
export const test = base.extend<{ as: (role: Role, options?: SignInOptions) => Promise<Console> }>({
  as: async ({ browser }, use) => {
    const opened: Array<() => Promise<void>> = [];
    await use((role, options = {}) => signedIn(browser, role, options, opened));
    for (const close of opened) await close();
  },
});

export { expect } from "@playwright/test";
