"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useState } from "react";
import { ToastProvider } from "@/components/ui/toast";

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
