// Team management in the console (issue 13): invite, permissions that apply on the next request,
// disable, API keys revoked, the audit log, and settings only for people with org:manage.
import { expect, test } from "./fixtures";
import { InvoiceDetailPage } from "./pages/invoice-detail-page";
import { SignInPage } from "./pages/sign-in-page";
import { AuditSettingsPage, KeysSettingsPage, TeamSettingsPage } from "./pages/team-pages";
import { baseUrl, createInvoice, organizations, unique } from "./support";

const newPerson = () => {
  const name = unique("Ivy Invitee");
  return { name, email: `${name.toLowerCase().replace(/\s+/g, ".")}@team.test` };
};

// Each test signs in two or three people and hashes a first password (scrypt, ~0.3 s idle): on a
// busy shared machine that is far from the default minute.
test.describe.configure({ timeout: 240_000 });

const apiMe = (apiKey: string) => fetch(`${baseUrl}/v1/studio/api/me`, { headers: { "X-STUDIO-API-KEY": apiKey } });

test("the admin invites a person who signs in, lowers their permissions (Approve is gone on the next load), and the audit log shows both", async ({
  as,
  browser,
}) => {
  const invoice = await createInvoice();
  const admin = await as("admin");
  const team = new TeamSettingsPage(admin.page);
  await team.goto();
  const person = newPerson();
  const password = await team.invite(person.name, person.email, ["Read", "Approve"]);
  expect(password.length).toBeGreaterThanOrEqual(16);
  await team.dialog().getByRole("button", { name: "Done" }).click();
  await expect(team.permission(person.email, "Approve")).toBeChecked();

  const context = await browser.newContext();
  const page = await context.newPage();
  await new SignInPage(page).signInFirstTime(person.email, password);
  await expect(page.getByTestId("viewer-name")).toHaveText(person.name);
  const detail = new InvoiceDetailPage(page);
  await detail.goto(invoice.id);
  await expect(detail.action("Approve")).toBeVisible();

  await team.toggle(person.email, "Approve");
  await expect(team.permission(person.email, "Approve")).not.toBeChecked();
  await expect(admin.page.getByText(`${person.name}'s permissions saved`)).toBeVisible();

  await page.reload();
  await expect(detail.heading()).toBeVisible();
  await expect(detail.action("Reject")).toHaveCount(0);
  await expect(detail.action("Approve")).toHaveCount(0);

  const audit = new AuditSettingsPage(admin.page);
  await audit.goto("object_type=user");
  const uid = await admin.page.evaluate(async (email) => {
    const body = await (await fetch("/api/team/users?page_size=100")).json();
    return body.data.find((user: { email: string }) => user.email === email).uid as string;
  }, person.email);
  await audit.goto(`object_type=user&object_id=${uid}`);
  await expect(audit.rows().filter({ hasText: "Person invited" })).toHaveCount(1);
  await expect(audit.rows().filter({ hasText: "Person changed" })).toHaveCount(1);
  await expect(audit.rows().filter({ hasText: "Signed in" })).toHaveCount(1);
  // The filter form shows what the URL says, and the object links back to this person's entries.
  await expect(admin.page.getByLabel("Object id")).toHaveValue(uid);
  // Every action the Studio declares is offered by its name, none as the log's raw `owner.verb`.
  const actions = await admin.page.getByLabel("Action").locator("option").allTextContents();
  expect(actions).toEqual(expect.arrayContaining(["Payment refunded", "Withdrawal approved", "Unmatched deposit on an invoice", "Invoice edited"]));
  expect(actions.filter((label) => /^[a-z_]+\.[a-z_]+$/.test(label))).toEqual([]);
  await expect(audit.rows().first().getByRole("link", { name: uid })).toHaveAttribute("href", `/settings/audit?object_type=user&object_id=${uid}`);
  await context.close();
});

test("a disabled person's console session ends on their next request and they cannot sign in again", async ({ as, browser }) => {
  const admin = await as("admin");
  const team = new TeamSettingsPage(admin.page);
  await team.goto();
  const person = newPerson();
  const password = await team.invite(person.name, person.email, ["Read"]);
  await team.dialog().getByRole("button", { name: "Done" }).click();

  const context = await browser.newContext();
  const page = await context.newPage();
  const chosen = await new SignInPage(page).signInFirstTime(person.email, password);

  await team.person(person.email).getByRole("button", { name: `Disable ${person.name}` }).click();
  await team.dialog().getByRole("button", { name: `Disable ${person.name}` }).click();
  await expect(team.person(person.email).getByTestId("person-status")).toHaveText("Disabled");

  await page.goto("/invoices");
  await expect(page).toHaveURL(/\/sign-in/);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(chosen);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "can no longer sign in" })).toBeVisible();
  await context.close();
});

test("a key made on the keys page acts as its maker and works until it is revoked; an invitee's key is sealed in the console", async ({ as }) => {
  const admin = await as("admin");
  const team = new TeamSettingsPage(admin.page);
  await team.goto();
  const person = newPerson();
  await team.invite(person.name, person.email, ["Read"]);
  await team.dialog().getByRole("button", { name: "Done" }).click();

  const keys = new KeysSettingsPage(admin.page);
  await keys.goto();
  // No choice of person: the page makes the signed-in admin's own key.
  await expect(keys.page.getByLabel("For", { exact: true })).toHaveCount(0);
  const secret = await keys.create();
  expect(secret).toMatch(/^stk_/);
  const me = await apiMe(secret);
  expect(me.status).toBe(200);
  const adminUid = (await (await admin.page.request.get("/api/me")).json()).data.uid;
  expect((await me.json()).data.uid).toBe(adminUid);

  // The invitee's one key is the one their invite sealed into their console sign-in; no answer carried it.
  await expect(keys.page.getByTestId("api-key").filter({ hasText: person.name })).toHaveCount(1);
  const made = keys.page.getByTestId("api-key").filter({ hasText: `…${secret.slice(-4)}` });
  await made.getByRole("button", { name: /Revoke/ }).click();
  await expect(keys.page.getByRole("dialog")).toContainText("cannot be undone");
  await keys.page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(keys.page.getByRole("dialog")).toBeHidden();
  await expect(made.getByTestId("key-status")).toContainText("Revoked");

  expect((await apiMe(secret)).status).toBe(401);
});

test("a viewer sees no settings and gets the API's 403 on the settings pages", async ({ as }) => {
  const viewer = await as("viewer");
  const { page } = viewer;
  await page.goto("/invoices");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).not.toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
  for (const path of ["/settings/team", "/settings/keys", "/settings/audit"]) {
    await page.goto(path);
    await expect(page.getByTestId("forbidden")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Settings" })).toHaveCount(0);
  }
  const response = await page.request.get("/api/team/users");
  expect(response.status()).toBe(403);

  const admin = await as("admin");
  await admin.page.goto("/invoices");
  await expect(admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toBeVisible();
});

test("the team and keys pages arrive with their people and keys in the first HTML, before any script", async ({ as }) => {
  const { page } = await as("admin");
  const admin = organizations()[0]!.users.find((user) => user.role === "admin")!;
  const html = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const team = await html("/settings/team");
  expect(team, "the team page lists the admin").toContain(admin.email);
  const keys = await html("/settings/keys");
  expect(keys, "the keys page names the admin's key's owner").toContain(admin.name);
  expect(keys, "the keys page shows the admin's key by its last four").toContain(admin.api_key.slice(-4));
  for (const text of [team, keys]) expect(text, "no list still loading").not.toContain('aria-busy="true"');
});

test("an invite sent again never resets the first password (409), and wrong passwords are audited", async ({ as, browser }) => {
  const admin = await as("admin");
  const person = newPerson();
  const invite = () =>
    admin.page.request.post("/api/team/users", {
      headers: { Origin: baseUrl, "Idempotency-Key": `invite-${person.email}` },
      data: { name: person.name, email: person.email, permissions: ["transfer:read"] },
    });
  const first = await invite();
  expect(first.status()).toBe(200);
  const one = (await first.json()).data;
  // The same invite again, with its key or without: the sign-in exists, and its password stays.
  const second = await invite();
  expect(second.status()).toBe(409);
  expect((await second.json()).message).toContain("is not reset");
  const listed = (await (await admin.page.request.get("/api/team/users?page_size=100")).json()).data.filter(
    (user: { email: string }) => user.email === person.email,
  );
  expect(listed).toHaveLength(1);
  const again = await admin.page.request.post("/api/team/users", {
    headers: { Origin: baseUrl },
    data: { name: person.name, email: person.email, permissions: ["transfer:read"] },
  });
  expect(again.status()).toBe(409);

  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email or password is wrong" })).toBeVisible();
  // The first answer's password is still the one that works.
  await signIn.signInFirstTime(person.email, one.password);

  const audit = new AuditSettingsPage(admin.page);
  await audit.goto(`object_type=user&object_id=${one.user.uid}&action=console.sign_in_failed`);
  await expect(audit.rows()).toHaveCount(1);
  await expect(admin.page.getByLabel("Action")).toHaveValue("console.sign_in_failed");
  await context.close();
});

test("taking Manage team from the last manager is refused, and the page says why", async ({ as }) => {
  const admin = await as("admin");
  const managers = (await (await admin.page.request.get("/api/team/users?page_size=100")).json()).data.filter(
    (user: { permissions: string[]; disabled: boolean }) => user.permissions.includes("org:manage") && !user.disabled,
  );
  expect(managers).toHaveLength(1);
  const team = new TeamSettingsPage(admin.page);
  await team.goto();
  const email = managers[0].email as string;
  await team.toggle(email, "Manage team");
  await expect(team.person(email).getByRole("alert")).toBeVisible();
  await expect(team.permission(email, "Manage team")).toBeChecked();
  await admin.page.reload();
  await expect(admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toBeVisible();
});

test("an invitee's first password leads only to choosing their own; then they change it on their account page and their other session ends", async ({
  as,
  browser,
}) => {
  const admin = await as("admin");
  const team = new TeamSettingsPage(admin.page);
  await team.goto();
  const person = newPerson();
  const firstPassword = await team.invite(person.name, person.email, ["Read"]);
  await team.dialog().getByRole("button", { name: "Done" }).click();

  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(firstPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/change-password/);
  // Every other page sends the session back here, the sign-in page included.
  for (const path of ["/invoices", "/account", "/sign-in"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/change-password/);
  }
  await page.getByLabel("Password you were given").fill(firstPassword);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Repeat the new password").fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  // The browser's own minimum length stops it first; the server says the same rule.
  await expect(page).toHaveURL(/\/change-password/);
  const chosen = `chosen ${crypto.randomUUID()}`;
  await page.getByLabel("New password", { exact: true }).fill(chosen);
  await page.getByLabel("Repeat the new password").fill(`${chosen}!`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The two new passwords differ")).toBeVisible();
  await page.getByLabel("Repeat the new password").fill(chosen);
  await page.getByRole("button", { name: "Change password" }).click();
  await page.waitForURL(/\/invoices/);
  await expect(page.getByTestId("viewer-name")).toHaveText(person.name);

  // A second browser signs in with the chosen password; the first changes it from the account page.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await new SignInPage(other).signIn(person.email, chosen);
  await page.getByRole("link", { name: person.name }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await page.getByLabel("Current password").fill("not my password");
  const next = `next ${crypto.randomUUID()}`;
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Repeat the new password").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is wrong")).toBeVisible();
  await page.getByLabel("Current password").fill(chosen);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveValue("");

  await other.goto("/invoices");
  await expect(other).toHaveURL(/\/sign-in/);
  await new SignInPage(other).signIn(person.email, next);
  await page.reload();
  await expect(page.getByTestId("viewer-name")).toHaveText(person.name);

  const audit = new AuditSettingsPage(admin.page);
  const uid = await admin.page.evaluate(async (email) => {
    const body = await (await fetch("/api/team/users?page_size=100")).json();
    return body.data.find((user: { email: string }) => user.email === email).uid as string;
  }, person.email);
  await audit.goto(`object_type=user&object_id=${uid}&action=console.password_changed`);
  await expect(audit.rows().filter({ hasText: "Password changed" })).toHaveCount(2);
  await elsewhere.close();
  await context.close();
});
