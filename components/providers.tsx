"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useState } from "react";
import { config as zodConfig } from "zod/v4/core";
import { ToastProvider } from "@/components/ui/toast";

// The first time zod parses an object it probes whether `new Function` works, to compile its
// parsers; under the console's CSP (no 'unsafe-eval') that probe is a refused eval the browser
// reports on every page that parses (Lighthouse's best-practices flagged it). The browser's forms
// gain nothing from compiled parsers, so zod runs without them in the browser. Only there: this
// module also renders on the server, where zod's config is the process's, shared with the API.
if (typeof window !== "undefined") zodConfig({ jitless: true });

export type ViewerInfo = {
  uid: string;
  name: string;
  email: string;
  org_name: string;
  role: string;
  permissions: string[];
  sandbox: boolean;
};

const ViewerContext = createContext<ViewerInfo | null>(null);

export function useViewer(): ViewerInfo {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer outside the console layout");
  return viewer;
}

export function Providers({ viewer, children }: { viewer: ViewerInfo; children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 10_000, retry: (count, error) => count < 1 && !("status" in error) } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ViewerContext.Provider value={viewer}>
        <ToastProvider>{children}</ToastProvider>
      </ViewerContext.Provider>
    </QueryClientProvider>
  );
}
