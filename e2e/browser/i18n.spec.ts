import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { RecordListPage } from "./pages/record-list-page";
import { axeViolations, baseUrl, createInvoice, createPaymentIntent, keepScreenshot, person, type Role, unique } from "./support";

// The console in Traditional Chinese (issue 27): the language follows the browser until the person
// chooses one on /account, and dates follow the time zone they set there.

/** A new browser whose Accept-Language is zh-TW, signed in through the (Chinese) sign-in form. */
async function zhTwConsole(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ locale: "zh-TW" });
  const page = await context.newPage();
  const { email, password } = person(role);
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "登入 Studio" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  await page.getByLabel("電子郵件").fill(email);
  await page.getByLabel("密碼").fill(password);
  await page.getByRole("button", { name: "登入" }).click();
  await page.waitForURL(/\/invoices/);
  return page;
}

async function savePreferences(page: Page, preferences: { locale: string | null; time_zone: string | null }) {
  const response = await page.request.put("/api/me/preferences", { headers: { Origin: baseUrl }, data: preferences });
  expect(response.status()).toBe(200);
}

/** How Taiwan writes a moment in Taipei, to the minute, built from Intl rather than the console's formatter. */
function inTaipei(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute} GMT+8`;
}

test("a zh-TW browser sees the invoice list in Chinese, a TWD amount as Taiwan writes it and times in the person's zone", async ({ browser }, testInfo) => {
  const recipient = unique("台北客戶");
  const invoice = await createInvoice(recipient, { currency: "TWD", amount: "12345.50", detail_items: [{ name: "顧問服務", quantity: 1, unit_price: 12345.5 }] });
  const page = await zhTwConsole(browser, "viewer");
  await savePreferences(page, { locale: null, time_zone: "Asia/Taipei" });

  const list = new RecordListPage(page, "發票", "/invoices");
  await list.goto(`search=${encodeURIComponent(recipient)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  await expect(page.getByRole("navigation", { name: "主選單" }).getByRole("link", { name: "發票" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /^全部/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "套用篩選" })).toBeVisible();
  await expect(page.getByTestId("paging-summary")).toHaveText("共 1 筆發票 · 第 1 / 1 頁");

  const row = list.rows.filter({ hasText: recipient });
  await expect(row).toHaveCount(1);
  const taiwanDollars = new Intl.NumberFormat("zh-TW", { style: "currency", currency: "TWD" }).format(12345.5);
  expect(taiwanDollars).toContain("12,345.50");
  await expect(row).toContainText(taiwanDollars);
  await expect(row).toContainText("待核准");
  await expect(row).toContainText(inTaipei((invoice as typeof invoice & { created_at: string }).created_at));

  expect(await axeViolations(page, { state: "zh-TW invoice list" })).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await list.loaded();
    await keepScreenshot(page, { path: testInfo.outputPath(`invoices-zh-TW-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.context().close();
});

test("choosing English on /account switches the console and survives signing out and in again", async ({ browser }) => {
  const page = await zhTwConsole(browser, "finance");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "您的帳戶", level: 1 })).toBeVisible();
  await page.getByLabel("語言").selectOption("en");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByLabel("Language")).toHaveValue("en");

  // A language or zone the console does not know, or a request from another site: refused, nothing changed.
  for (const preferences of [{ locale: "fr", time_zone: null }, { locale: "en", time_zone: "Mars/Olympus_Mons" }]) {
    const refused = await page.request.put("/api/me/preferences", { headers: { Origin: baseUrl }, data: preferences });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 40000, message: expect.stringContaining("time zone") });
  }
  const crossSite = await page.request.put("/api/me/preferences", { headers: { Origin: "https://evil.example" }, data: { locale: "zh-TW", time_zone: null } });
  expect(crossSite.status()).toBe(403);
  await page.reload();
  await expect(page.getByLabel("Language")).toHaveValue("en");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/sign-in/);
  // Nobody is signed in on the sign-in page: it follows the browser, which still says zh-TW.
  await expect(page.getByRole("heading", { name: "登入 Studio" })).toBeVisible();
  const { email, password } = person("finance");
  await page.getByLabel("電子郵件").fill(email);
  await page.getByLabel("密碼").fill(password);
  await page.getByRole("button", { name: "登入" }).click();
  await page.waitForURL(/\/invoices/);
  await new RecordListPage(page, "Invoices").loaded();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Back to the browser's language: Chinese again.
  await savePreferences(page, { locale: null, time_zone: null });
  await page.reload();
  await expect(page.getByRole("heading", { name: "發票", level: 1 })).toBeVisible();
  await page.context().close();
});

test("an admin reads the API keys page in Chinese, each key's times in their time zone", async ({ browser }, testInfo) => {
  const page = await zhTwConsole(browser, "admin");
  await savePreferences(page, { locale: "zh-TW", time_zone: "Asia/Taipei" });
  const listed = await page.request.get("/api/team/keys?page=1&page_size=20");
  expect(listed.status()).toBe(200);
  const [first] = ((await listed.json()) as { data: Array<{ id: string; created_at: string }> }).data;

  await page.goto("/settings/keys");
  await expect(page).toHaveTitle("API 金鑰 · Studio");
  await expect(page.getByRole("heading", { name: "API 金鑰", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "設定" }).getByRole("link", { name: "API 金鑰" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "建立金鑰" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "上次使用" })).toBeVisible();
  await expect(page.getByTestId("keys-summary")).toHaveText(/^共 \d+ 筆金鑰 · 第 1 \/ \d+ 頁$/);
  await expect(page.locator(`[data-key-id="${first!.id}"]`)).toContainText(inTaipei(first!.created_at));

  expect(await axeViolations(page, { state: "zh-TW API keys" })).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("heading", { name: "API 金鑰", level: 1 })).toBeVisible();
    await keepScreenshot(page, { path: testInfo.outputPath(`settings-keys-zh-TW-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.context().close();
});

test("a payment intent's page in Chinese: its sections, its amount grouped as Taiwan writes it and its creation time in the person's zone", async ({ browser }, testInfo) => {
  const created = await createPaymentIntent({ crypto_amount: "1234.5", group_key: unique("zh-TW") });
  const page = await zhTwConsole(browser, "viewer");
  await savePreferences(page, { locale: null, time_zone: "Asia/Taipei" });

  await page.goto(`/payment-intents/${created.payment_intent_id}`);
  await expect(page).toHaveTitle("付款意向 · Studio");
  await expect(page.getByRole("heading", { name: `付款意向 ${created.payment_intent_id}`, level: 1 })).toBeVisible();
  for (const section of ["金額", "區塊鏈與地址", "交易", "期限", "風險", "參考資料"]) await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  await expect(page.getByTestId("total-amount-due")).toHaveText(/^1,234\.50* USDC$/);
  await expect(page.getByRole("button", { name: "複製存款地址" })).toHaveText("複製");
  await expect(page.getByRole("main")).toContainText(`建立於 ${inTaipei((created as typeof created & { created_at: string }).created_at)}`);

  expect(await axeViolations(page, { state: "zh-TW payment intent" })).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, { path: testInfo.outputPath(`payment-intent-zh-TW-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.context().close();
});
