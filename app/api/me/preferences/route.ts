// PUT /api/me/preferences - the signed-in person's console language and time zone (null: the
// browser's language, UTC). Kept with their console account, so every browser they use shows it.
import { z } from "zod";
import { savePreferences } from "@/lib/console/accounts";
import { isTimeZone, LOCALES } from "@/lib/console/i18n/locales";
import { BadRequest, consoleRoute, readJson } from "@/lib/console/route";

const preferencesSchema = z.object({
  locale: z.enum(LOCALES).nullable(),
  time_zone: z.string().refine(isTimeZone, "Not a time zone").nullable(),
});

export const PUT = consoleRoute({ mutating: true }, async ({ request, ctx }) => {
  const parsed = preferencesSchema.safeParse(await readJson(request, 4096));
  if (!parsed.success) throw new BadRequest("Choose a language (en, zh-TW or null) and an IANA time zone (or null)");
  const { locale, time_zone: timeZone } = parsed.data;
  await savePreferences(ctx.session.account.id, { locale, timeZone });
  return { data: { locale, time_zone: timeZone } };
});
