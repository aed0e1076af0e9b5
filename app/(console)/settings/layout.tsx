import { ConsoleIntl } from "@/components/console-intl";
import { SettingsFrame } from "@/components/settings/settings-frame";

// The settings pages' messages are declared once here, for the tabs and every page below them.
export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return (
    <ConsoleIntl namespaces={["detail", "forms", "list", "record", "settings"]}>
      <SettingsFrame>{children}</SettingsFrame>
    </ConsoleIntl>
  );
}
