// t(key, params): a catalogue message with its {placeholders} filled. Pure, so server
// components (lib/i18n/server.ts) and client components (components/i18n/i18n-provider.tsx)
// share it. Numbers in params go through lib/i18n/format.ts, so "1,592" prints one way.
// Keys and their placeholders are checked by the type system against the English catalogue;
// the Chinese one must have the same keys (its type) and the same placeholders (unit test).
import { en } from "@/lib/i18n/messages/en";
import { zhCN } from "@/lib/i18n/messages/zh-CN";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Catalogue } from "@/lib/i18n/messages/messages-like";

export type MessageKey = keyof typeof en;

type PlaceholdersOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | PlaceholdersOf<Rest> : never;
/** Keys with no placeholder: what a table of labels (status names, reasons) may hold. */
export type PlainKey = { [K in MessageKey]: [PlaceholdersOf<(typeof en)[K]>] extends [never] ? K : never }[MessageKey];

/** A parameter that is itself a word of the catalogue ("closed", "expired"), put into the
 *  sentence in the same language as the sentence, so a Chinese refusal never carries an
 *  English status word. */
export type Word = { readonly word: PlainKey };
export type ParamValue = string | number | Word;

export type ParamsOf<K extends MessageKey> = [PlaceholdersOf<(typeof en)[K]>] extends [never]
  ? []
  : [params: Record<PlaceholdersOf<(typeof en)[K]>, ParamValue>];

export type Translate = <K extends MessageKey>(key: K, ...params: ParamsOf<K>) => string;

const CATALOGUES: Record<Locale, Catalogue> = { en, "zh-CN": zhCN };

export function placeholdersIn(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

export function translator(locale: Locale): Translate {
  const catalogue = CATALOGUES[locale];
  return ((key: MessageKey, params?: Record<string, ParamValue>) => {
    const message = catalogue[key];
    if (!params) return message;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      if (typeof value === "object") return catalogue[value.word];
      return typeof value === "number" ? formatNumber(locale, value) : value;
    });
  }) as Translate;
}

export function catalogueOf(locale: Locale): Catalogue {
  return CATALOGUES[locale];
}
