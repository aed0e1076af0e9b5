// An invite's first password (issue 22 §2) through the console's routes on a running server: it
// signs in once, to a session that may only choose a new password; a person changes their password
// with the current one, under the one rule, audited, and their other sessions end.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminConsole, api, consoleApi, consoleSignIn, newPerson, serverUrl } from "./support";

type Answer = { status: number; body: any; cookie: string | undefined };

async function signIn(email: string, password: string): Promise<Answer> {
  const response = await fetch(`${serverUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: serverUrl! },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((line) => /studio_session=/.test(line));
  return { status: response.status, body: await response.json(), cookie: cookie?.split(";")[0] };
}

async function invite(permissions: string[]): Promise<{ uid: string; email: string; password: string }> {
  const tag = randomUUID().slice(0, 8);
  const invited = await consoleApi(await adminConsole(0), "POST", "/api/team/users", { name: `First ${tag}`, email: `first-${tag}@people.test`, permissions });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  return { uid: invited.body.data.user.uid, email: invited.body.data.email, password: invited.body.data.password };
}

const change = (cookie: string, current_password: string, new_password: string) =>
  consoleApi(cookie, "POST", "/api/auth/password", { current_password, new_password });

describe("an invite's first password", () => {
  it("signs in once, to a session every other route refuses until a new password is chosen; then only the new one works", async () => {
    const person = await invite(["transfer:read"]);
    const first = await signIn(person.email, person.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, must_change_password: true });
    const cookie = first.cookie!;
    for (const [method, path] of [["GET", "/api/me"], ["GET", "/api/invoices"], ["POST", "/api/team/keys"]] as const) {
      const refused = await consoleApi(cookie, method, path);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toContain("Choose a new password");
    }
    const again = await signIn(person.email, person.password);
    expect(again.status).toBe(401);
    expect(again.body.message).toContain("already been used");
    expect(again.cookie).toBeUndefined();

    // The rule and the current password, each answered beside its field; nothing changes.
    const wrong = await change(cookie, "not the password", "a fine new password");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "current_password", message: "The current password is wrong" }]);
    for (const [weak, message] of [
      ["short", "at least 8 characters"],
      [person.password, "must differ from the current one"],
      [person.email.toUpperCase(), "must not be your email address"],
      ["x".repeat(1001), "at most 1000 characters"],
    ]) {
      const refused = await change(cookie, person.password, weak!);
      expect(refused.status, weak).toBe(400);
      expect(refused.body.errors?.[0]?.field).toBe("new_password");
      expect(refused.body.errors?.[0]?.message).toContain(message);
    }
    expect((await consoleApi(cookie, "GET", "/api/me")).status).toBe(403);

    const chosen = `chosen ${randomUUID()}`;
    const changed = await change(cookie, person.password, chosen);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The same session is now a full one.
    const me = await consoleApi(cookie, "GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.body.data.uid).toBe(person.uid);
    expect((await signIn(person.email, person.password)).status).toBe(401);
    const later = await signIn(person.email, chosen);
    expect(later.status).toBe(200);
    expect(later.body).toEqual({ ok: true, must_change_password: false });

    const audit = await api("GET", `/audit_log?actor_uid=${person.uid}&action=console.password_changed`, { role: "admin" });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({ action: "console.password_changed", object_type: "user", object_id: person.uid });
  });

  it("of two sign-ins with it at once, exactly one starts a session", async () => {
    const person = await invite(["transfer:read"]);
    const answers = await Promise.all([signIn(person.email, person.password), signIn(person.email, person.password)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});

describe("changing one's password", () => {
  it("ends every other session of the person and keeps this one", async () => {
    const { person, password } = await newPerson(["transfer:read"], 0);
    const here = await consoleSignIn(person.email, password);
    const elsewhere = await consoleSignIn(person.email, password);
    const next = `next ${randomUUID()}`;
    expect((await change(here, password, next)).status).toBe(200);
    expect((await consoleApi(elsewhere, "GET", "/api/me")).status).toBe(401);
    expect((await consoleApi(here, "GET", "/api/me")).status).toBe(200);
    expect((await signIn(person.email, password)).status).toBe(401);
    expect((await signIn(person.email, next)).status).toBe(200);
  });

  it("needs a session and a page of this origin, and refuses a body over 8 KiB", async () => {
    const noSession = await fetch(`${serverUrl}/api/auth/password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: serverUrl! },
      body: JSON.stringify({ current_password: "a", new_password: "long enough" }),
    });
    expect(noSession.status).toBe(401);
    const cookie = await adminConsole(0);
    expect((await consoleApi(cookie, "POST", "/api/auth/password", { current_password: "a", new_password: "b" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await consoleApi(cookie, "POST", "/api/auth/password", { current_password: "a", new_password: "b".repeat(9000) })).status).toBe(413);
    expect((await consoleApi(cookie, "POST", "/api/auth/password", { current_password: "" })).status).toBe(400);
  });
});
