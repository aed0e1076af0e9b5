"use client";
// Scalar renders the OpenAPI document. Loaded only on /docs/api (its own chunk, and in the browser
// only: it is a Vue app behind a React wrapper), so no other page pays for it.
import dynamic from "next/dynamic";
import { useMemo } from "react";
import "@scalar/api-reference-react/style.css";

const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="p-6 text-slate-700">Loading the API reference…</p>,
});

export function ApiReference({ document }: { document: string }) {
  // One configuration object: the wrapper re-applies it whenever its identity changes.
  const configuration = useMemo(
    () => ({
      content: document,
      // Nothing leaves this site: no font CDN, no telemetry, no request proxy.
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: "light" as const,
      layout: "modern" as const,
    }),
    [document],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
