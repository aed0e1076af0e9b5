import type { Metadata } from "next";
import { ApiReference } from "./_components/api-reference";
import { studioBaseUrl } from "@/lib/console/studio-client";

export const metadata: Metadata = { title: "API reference · Studio" };
export const dynamic = "force-dynamic";

// The reference renders GET /v1/studio/api/openapi.json, fetched here on the server so the page
// works whatever origin STUDIO_API_URL names (the browser may only connect to this one).
export default async function ApiReferenceRoute() {
  const response = await fetch(`${studioBaseUrl()}/v1/studio/api/openapi.json`, { cache: "no-store" });
  if (!response.ok) {
    return (
      <main className="p-6">
        <h1 className="text-xl font-semibold">API reference</h1>
        <p className="mt-2 text-slate-700">The OpenAPI document could not be loaded (HTTP {response.status}).</p>
      </main>
    );
  }
  return <ApiReference document={await response.text()} />;
}
