import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The Studio client is server-only and reads the environment; here it talks to local servers.
const config = vi.hoisted(() => ({ url: undefined as string | undefined }));
vi.mock("server-only", () => ({}));
vi.mock("@/lib/env", () => ({
  env: {
    get STUDIO_API_URL() {
      return config.url;
    },
  },
  listeningPort: () => 3000,
}));

const { StudioApiError, studioClient } = await import("@/lib/console/studio-client");

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

describe("the console's Studio client", () => {
  const keysSeenElsewhere: Array<string | undefined> = [];
  let studio: { server: http.Server; url: string };
  let elsewhere: { server: http.Server; url: string };

  beforeAll(async () => {
    elsewhere = await listen((request, response) => {
      keysSeenElsewhere.push(request.headers["x-studio-api-key"] as string | undefined);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 0, data: { uid: "u" } }));
    });
    studio = await listen((request, response) => {
      response.writeHead(307, { location: `${elsewhere.url}${request.url}` }).end();
    });
    config.url = studio.url;
  });

  afterAll(() => {
    studio.server.close();
    elsewhere.server.close();
  });

  it("refuses to follow a redirect, so the key never reaches the redirect's target", async () => {
    const client = studioClient({ apiKey: "stk_secret", clientId: null });
    const error = await client.me().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StudioApiError);
    expect((error as InstanceType<typeof StudioApiError>).status).toBe(502);
    expect(keysSeenElsewhere).toEqual([]);
  });

  it("refuses to send a key over plain http to a host other than loopback", async () => {
    vi.resetModules();
    config.url = "http://studio.example.com";
    const fresh = await import("@/lib/console/studio-client");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      await expect(fresh.studioClient({ apiKey: "stk_secret", clientId: null }).me()).rejects.toThrow(/STUDIO_API_URL must use https/);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
      config.url = studio.url;
    }
  });
});
