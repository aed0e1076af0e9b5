import { ConsoleFrame } from "@/components/shell/console-frame";
import "@/app/globals.css";

export const dynamic = "force-dynamic";

export default function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return <ConsoleFrame>{children}</ConsoleFrame>;
}
