// The one place numbers and dates become text, for every screen in both languages (issue 17:
// "numbers formatted one way"). Dates are printed in UTC with the time zone named, so the
// server's render and the browser's hydration agree whatever zone either runs in.
import type { Locale } from "@/lib/i18n/locales";

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options })));
  return format;
}

/** 1,592 in English, 1,592 in Chinese too (zh-CN groups by thousands); never "1592". */
export function formatNumber(locale: Locale, n: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(n);
}

/** A coordinate as stored, to at most 3 decimals and never grouped ("1592", "100.5"): a box
 * printed rounded to whole pixels would not be the box the API and the exports hold. */
export function formatCoordinate(locale: Locale, v: number): string {
  return numberFormat(locale, { maximumFractionDigits: 3, useGrouping: false }).format(v);
}

/** A box or point as "x1, y1, x2, y2" with formatCoordinate. */
export const formatCoordinates = (locale: Locale, values: readonly number[]): string => values.map((v) => formatCoordinate(locale, v)).join(", ");

/** A share 0..1 as a percentage with a fixed number of decimals: 0.05 → "5%", (0, 1) → "0.0%". */
export function formatPercent(locale: Locale, share: number, fractionDigits = 0): string {
  return numberFormat(locale, { style: "percent", minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(share);
}

const asDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** Dec 1, 2026 / 2026年12月1日 */
export function formatDate(locale: Locale, d: Date | string | number): string {
  return dateFormat(locale, { year: "numeric", month: "short", day: "numeric" }).format(asDate(d));
}

/** Dec 1, 2026, 11:26 UTC / 2026/12/01 11:26 UTC; with seconds for logs where they matter. */
export function formatDateTime(locale: Locale, d: Date | string | number, { seconds = false }: { seconds?: boolean } = {}): string {
  const time: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), hourCycle: "h23" };
  const options: Intl.DateTimeFormatOptions =
    locale === "zh-CN" ? { year: "numeric", month: "2-digit", day: "2-digit", ...time } : { year: "numeric", month: "short", day: "numeric", ...time };
  return `${dateFormat(locale, options).format(asDate(d))} UTC`;
}

/** 11:26:05 UTC: a save time on a review screen. */
export function formatTime(locale: Locale, d: Date | string | number): string {
  return `${dateFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(asDate(d))} UTC`;
}
