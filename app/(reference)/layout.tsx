import { ConsoleFrame } from "@/components/shell/console-frame";
import "@/app/globals.css";

export const dynamic = "force-dynamic";

// The console's frame around pages whose renderer brings its own <main> (Scalar's reference).
export default function ReferenceLayout({ children }: { children: React.ReactNode }) {
  return <ConsoleFrame mainLandmark="page">{children}</ConsoleFrame>;
}
