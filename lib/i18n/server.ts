import "server-only";
// The reader's language on the server: their choice from the language menu (a cookie), else
// the browser's Accept-Language. Once per request (React cache).
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { LOCALE_COOKIE, pickLocale, type Locale } from "@/lib/i18n/locales";
import { translator, type PlainKey, type Translate } from "@/lib/i18n/translate";

export const getLocale = cache(async (): Promise<Locale> => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return pickLocale(jar.get(LOCALE_COOKIE)?.value, head.get("accept-language"));
});

export async function getT(): Promise<{ t: Translate; locale: Locale }> {
  const locale = await getLocale();
  return { t: translator(locale), locale };
}

/** A page's generateMetadata for a fixed title: `export const generateMetadata = titled("queues.title")`. */
export function titled(key: PlainKey): () => Promise<Metadata> {
  return async () => ({ title: (await getT()).t(key) });
}
