"use client";
// Scalar builds zod schemas in the browser; they must not probe `new Function` under our CSP.
import "@/lib/console/zod-csp";
// Scalar renders the OpenAPI document. Loaded only on /docs/api/try (its own chunk, and in the
// browser only: it is a Vue app behind a React wrapper), so no other page pays for it.
import dynamic from "next/dynamic";
import { createContext, useContext, useEffect, useMemo, useRef } from "react";
import "@scalar/api-reference-react/style.css";

// "Loading…" in the person's language, from the server page (its namespace stays on the server).
const LoadingText = createContext("");
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact), {
  ssr: false,
  loading: function Loading() {
    return <p className="p-6 text-slate-700">{useContext(LoadingText)}</p>;
  },
});

// Scalar's light theme fails WCAG AA contrast for secondary text and the HTTP method badges
// (3.2-4.5:1); these are the console's own slate greys and Tailwind's 700/800 shades (>= 4.5:1 on
// Scalar's backgrounds). The endpoint list in the intro card scrolls in a box no keyboard can reach:
// it is short, so it simply grows instead.
const ACCESSIBLE_THEME = `
  body.light-mode, .light-mode .scalar-app {
    --scalar-color-2: #334155;
    --scalar-color-3: #475569;
    --scalar-color-green: #15803d;
    --scalar-color-blue: #1d4ed8;
    --scalar-color-orange: #c2410c;
    --scalar-color-red: #b91c1c;
    --scalar-color-purple: #7e22ce;
    --scalar-color-yellow: #854d0e;
  }
  .scalar-app .endpoints { overflow: visible; overflow-wrap: anywhere; }
  .scalar-app .scalar-card-content:has(> .endpoints) { overflow: visible; max-height: none; }
`;

// Scalar's copy buttons on code blocks have an icon and no accessible name.
function nameUnnamedCopyButtons(root: HTMLElement) {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button.scalar-code-copy:not([aria-label])")) {
    button.setAttribute("aria-label", "Copy code");
  }
}

export function ApiReference({ document, loading }: { document: string; loading: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    nameUnnamedCopyButtons(root);
    const observer = new MutationObserver(() => nameUnnamedCopyButtons(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
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
      customCss: ACCESSIBLE_THEME,
    }),
    [document],
  );
  return (
    <div ref={container}>
      <LoadingText value={loading}>
        <ApiReferenceReact configuration={configuration} />
      </LoadingText>
    </div>
  );
}
