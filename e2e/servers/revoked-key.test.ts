// A key revoked with the operator CLI (`studio key:revoke`) is refused over HTTP with 401/40100,
// while the user's other keys keep working. On PostgreSQL the CLI revokes it beside the running
// server (it takes effect on the next request); a PGlite folder belongs to one process, so there
// the server is stopped for the CLI and started again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliJson } from "../node/support";
import { call, ownServer, suiteDriver, type OwnServer } from "./support";

describe(`a revoked API key on ${suiteDriver}`, () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await ownServer("revoked_key");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401/40100 in the error envelope; the user's other key still works", async () => {
    const demoKey = server.access.key("finance");
    const me = await call(server, "GET", "/me", demoKey);
    expect(me.status).toBe(200);
    const uid: string = me.body.data.uid;

    if (suiteDriver === "pglite") await server.stop();
    const created = await cliJson<{ id: string; key: string }>(server.target, ["key:create", "--user", uid]);
    if (suiteDriver === "pglite") await server.start();
    const fresh = await call(server, "GET", "/me", created.key);
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.data.uid).toBe(uid);

    if (suiteDriver === "pglite") await server.stop();
    await cliJson(server.target, ["key:revoke", "--key", created.id]);
    if (suiteDriver === "pglite") await server.start();

    for (const [method, urlPath] of [
      ["GET", "/me"],
      ["GET", "/invoice/intents"],
      ["POST", "/invoice/intent"],
    ] as const) {
      const refused = await call(server, method, urlPath, created.key, method === "POST" ? {} : undefined, { "X-Client-ID": server.access.clientId });
      expect([refused.status, refused.body?.code], `${method} ${urlPath}: ${refused.text}`).toEqual([401, 40100]);
      expect(refused.body.request_id).toBe(refused.headers.get("x-request-id"));
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect((await call(server, "GET", "/me", demoKey)).status).toBe(200);
  });
});
