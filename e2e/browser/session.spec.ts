import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { baseUrl, organizations, person } from "./support";

test("sign-in shows the person, and sign-out ends the session for good", async ({ as, playwright }) => {
  const { page } = await as("approver", { ownSession: true });
  await page.goto("/invoices");
  await expect(page.getByTestId("viewer-name")).toHaveText("Avery Approver");
  await expect(page.getByText(organizations()[0]!.name)).toBeVisible();
  await expect(page.getByTestId("viewer-role")).toHaveText("Approver");
  const cookie = (await page.context().cookies()).find((candidate) => /^(__Host-)?studio_session$/.test(candidate.name));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/sign-in/);
  await page.goto("/invoices");
  await expect(page).toHaveURL(/\/sign-in/);

  // The old token is dead on the server, not just forgotten by the browser.
  const replay = await playwright.request.newContext({ baseURL: baseUrl });
  const response = await replay.get("/api/me", { headers: { Cookie: `${cookie?.name}=${cookie?.value}` } });
  expect(response.status()).toBe(401);
  await replay.dispose();
});

test("signing in again rotates the session token", async ({ playwright }) => {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const user = person("viewer");
  const signIn = () =>
    context.post("/api/auth/sign-in", { headers: { Origin: baseUrl }, data: { email: user.email, password: user.password } });
  const sessionCookie = async () => (await context.storageState()).cookies.find((cookie) => /^(__Host-)?studio_session$/.test(cookie.name));
  const token = async () => (await sessionCookie())?.value;
  expect((await signIn()).status()).toBe(200);
  const first = await token();
  expect((await signIn()).status()).toBe(200);
  const second = await token();
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  expect((await context.get("/api/me")).status()).toBe(200);
  const replay = await playwright.request.newContext({ baseURL: baseUrl });
  expect((await replay.get("/api/me", { headers: { Cookie: `${(await sessionCookie())?.name}=${first}` } })).status()).toBe(401);
  await replay.dispose();
  await context.dispose();
});

test("a wrong password is refused with a plain message", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByLabel("Email").fill(person("viewer").email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email or password is wrong" })).toBeVisible();
});
