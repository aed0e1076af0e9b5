// The console's own HTTP surface: body caps, sign-in throttling and input, the session cookie,
// and where sign-in sends the browser next.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { SignInPage } from "./pages/sign-in-page";
import { baseUrl, person, RACE_MODE, type Role } from "./support";

const ORIGIN = { Origin: baseUrl };
const JSON_HEADERS = { ...ORIGIN, "Content-Type": "application/json" };

type Playwright = { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } };

async function session(playwright: Playwright, role: Role): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL: baseUrl });
  const user = person(role);
  const response = await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return context;
}

/** A POST whose body is sent chunked, with no Content-Length, so only counting can stop it. */
function postChunked(urlPath: string, chunks: string[], headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(urlPath, baseUrl),
      { method: "POST", headers: { ...JSON_HEADERS, ...headers, "Transfer-Encoding": "chunked" } },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on("error", reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

test.describe("body caps", () => {
  test("sign-in refuses a body over 8 KiB with 413 before anything else happens", async ({ playwright }) => {
    const context = await playwright.request.newContext({ baseURL: baseUrl });
    const user = person("viewer");
    const padded = JSON.stringify({ email: user.email, password: user.password, pad: "x".repeat(9 * 1024) });
    const response = await context.post("/api/auth/sign-in", { headers: JSON_HEADERS, data: padded });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ code: 41300, message: "The request body exceeds the 8 KiB limit" });
    expect(response.headers()["set-cookie"]).toBeUndefined();

    const chunked = await postChunked("/api/auth/sign-in", Array.from({ length: 12 }, () => " ".repeat(1024)));
    expect(chunked).toEqual({ status: 413, body: { code: 41300, message: "The request body exceeds the 8 KiB limit" } });
    // A small body still signs in.
    expect((await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: user.password } })).status()).toBe(200);
    await context.dispose();
  });

  test("console routes refuse a body over 1 MiB with 413 in the console's error body", async ({ playwright }) => {
    const admin = await session(playwright, "admin");
    const huge = JSON.stringify({ payment_intent_id: "pi_x", amount: "1", pad: "x".repeat(1024 * 1024) });
    for (const urlPath of ["/api/sandbox/pay", "/api/invoices", "/api/payouts"]) {
      const response = await admin.post(urlPath, { headers: JSON_HEADERS, data: huge });
      expect(response.status(), urlPath).toBe(413);
      expect(await response.json(), urlPath).toEqual({ code: 41300, message: "The request body exceeds the 1 MiB limit" });
    }
    const cookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const chunked = await postChunked("/api/sandbox/pay", Array.from({ length: 1100 }, () => " ".repeat(1024)), { Cookie: cookie });
    expect(chunked.status).toBe(413);
    expect(chunked.body.code).toBe(41300);
    await admin.dispose();
  });
});

test.describe("sign-in", () => {
  test(`parallel attempts are counted before the password check: only five get an answer ${RACE_MODE}`, async ({ playwright }) => {
    const context = await playwright.request.newContext({ baseURL: baseUrl });
    const email = `parallel-${randomUUID()}@nowhere.test`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email, password: "wrong" } })),
    );
    const statuses = responses.map((response) => response.status()).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    await context.dispose();
  });

  test("a NUL character in the email or password is a 400, not a 500", async ({ playwright }) => {
    const context = await playwright.request.newContext({ baseURL: baseUrl });
    for (const data of [
      { email: "finance\u0000@demo-merchant.test", password: "whatever" },
      { email: "\u0000", password: "x" },
      { email: "someone@nowhere.test", password: "pass\u0000word" },
    ]) {
      const response = await context.post("/api/auth/sign-in", { headers: ORIGIN, data });
      expect(response.status(), JSON.stringify(data)).toBe(400);
      expect((await response.json()).code).toBe(40000);
    }
    await context.dispose();
  });
});

test.describe("the session cookie", () => {
  test("a production server sets __Host-studio_session; Secure; HttpOnly; Path=/ and reads no other name", async ({ playwright }) => {
    const context = await playwright.request.newContext({ baseURL: baseUrl });
    const user = person("viewer");
    const response = await context.post("/api/auth/sign-in", { headers: ORIGIN, data: { email: user.email, password: user.password } });
    expect(response.status()).toBe(200);
    const setCookie = response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
    expect(setCookie).toHaveLength(1);
    const attributes = setCookie[0]!.value.split(";").map((part) => part.trim().toLowerCase());
    expect(setCookie[0]!.value).toMatch(/^__Host-studio_session=[\w-]{20,};/);
    expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "path=/", "samesite=lax"]));
    expect(attributes.some((attribute) => attribute.startsWith("domain="))).toBe(false);
    const token = (await context.storageState()).cookies.find((cookie) => cookie.name === "__Host-studio_session")?.value;
    expect(token).toBeTruthy();

    // The same token under the plain name (as a sibling host could plant it over http) is not a session.
    const planted = await playwright.request.newContext({ baseURL: baseUrl });
    expect((await planted.get("/api/me", { headers: { Cookie: `studio_session=${token}` } })).status()).toBe(401);
    expect((await planted.get("/api/me", { headers: { Cookie: `__Host-studio_session=${token}` } })).status()).toBe(200);
    await planted.dispose();

    // Sign-out clears it with the same attributes (a browser ignores a __Host- clear without Secure).
    const signOut = await context.post("/api/auth/sign-out", { headers: ORIGIN });
    expect(signOut.status()).toBe(200);
    const cleared = signOut.headersArray().find((header) => header.name.toLowerCase() === "set-cookie")?.value ?? "";
    expect(cleared).toMatch(/^__Host-studio_session=;/);
    expect(cleared.toLowerCase()).toContain("secure");
    expect(cleared.toLowerCase()).toContain("path=/");
    await context.dispose();
  });

  test("Chromium keeps the __Host- cookie and the console works with it", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await new SignInPage(page).signIn(person("viewer").email, person("viewer").password);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain("__Host-studio_session");
    expect(cookies.find((cookie) => cookie.name === "__Host-studio_session")?.secure).toBe(true);
    await context.close();
  });
});

test.describe("after sign-in", () => {
  for (const next of ["/\\evil.example", "/\\\\evil.example", "//evil.example", "https://evil.example/invoices", "/\t/evil.example"]) {
    test(`next=${JSON.stringify(next)} stays on this site`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route((url) => url.hostname === "evil.example", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil</h1>" }));
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      const user = person("viewer");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
      expect(new URL(page.url()).pathname).toBe("/invoices");
      await context.close();
    });
  }

  test("a same-site next path is followed", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/sign-in?next=${encodeURIComponent("/invoices?status_category=closed")}`);
    const user = person("viewer");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/status_category=closed/);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    await context.close();
  });
});
