import "server-only";
import { cookies } from "next/headers";
import { THEME_COOKIE, themeOf, type Theme } from "@/lib/console/theme";

/** The theme this browser chose, for the page being rendered. */
export async function chosenTheme(): Promise<Theme> {
  return themeOf((await cookies()).get(THEME_COOKIE)?.value);
}
