// The console's colour theme: the person's choice, kept per browser in a cookie the root layout
// reads, so the first HTML already carries it (no flash of the other theme). "system" follows the
// operating system's light or dark setting. Read on the server and written in the browser.

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "studio_theme";
const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** The theme a cookie value names; anything else (no cookie, a stale or forged value) is "system". */
export function themeOf(value: string | undefined): Theme {
  return THEMES.find((theme) => theme === value) ?? "system";
}

/** The Set-Cookie-style string document.cookie takes to remember `theme` for a year on this site. */
export function themeCookie(theme: Theme, https: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_IN_SECONDS}; SameSite=Lax${https ? "; Secure" : ""}`;
}
