import { test as base, type Browser, type Page } from "@playwright/test";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { InvoiceFormPage } from "./pages/invoice-form-page";
import { InvoiceListPage } from "./pages/invoice-list-page";
import { PayoutDetailPage } from "./pages/payout-detail-page";
import { PayoutFormPage } from "./pages/payout-form-page";
import { PayoutListPage } from "./pages/payout-list-page";
import { SignInPage } from "./pages/sign-in-page";
import { demoUser, type Role } from "./support";

export type Console = {
  page: Page;
  list: InvoiceListPage;
  detail: InvoiceDetailPage;
  form: InvoiceFormPage;
  payouts: { list: PayoutListPage; detail: PayoutDetailPage; form: PayoutFormPage };
};

async function signedIn(browser: Browser, role: Role, opened: Array<() => Promise<void>>): Promise<Console> {
  const context = await browser.newContext();
  opened.push(() => context.close());
  const page = await context.newPage();
  const user = demoUser(role);
  await new SignInPage(page).signIn(user.email, user.password);
  return {
    page,
    list: new InvoiceListPage(page),
    detail: new InvoiceDetailPage(page),
    form: new InvoiceFormPage(page),
    payouts: { list: new PayoutListPage(page), detail: new PayoutDetailPage(page), form: new PayoutFormPage(page) },
  };
}

/** `as(role)`: a separate browser context signed in as that demo user of Demo Merchant. */
export const test = base.extend<{ as: (role: Role) => Promise<Console> }>({
  as: async ({ browser }, use) => {
    const opened: Array<() => Promise<void>> = [];
    await use((role) => signedIn(browser, role, opened));
    for (const close of opened) await close();
  },
});

export { expect } from "@playwright/test";
