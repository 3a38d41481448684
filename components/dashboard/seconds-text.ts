// A duration for people: seconds under a minute and a half, then minutes, then hours.
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";

export function secondsText(t: Translate, locale: Locale, s: number | null): string {
  if (s === null) return "—";
  const one = (v: number) => formatNumber(locale, Number(v.toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (s < 90) return t("charts.seconds", { value: formatNumber(locale, Math.round(s)) });
  if (s < 5400) return t("charts.minutes", { value: one(s / 60) });
  return t("charts.hours", { value: one(s / 3600) });
}
