// The estimates as the run, comparison, calibration and checkpoint screens print them, in the
// reader's language: the same digits as lib/domain/estimates/format.ts (rounded there with
// toFixed first, so the English text is unchanged and the e2e figures still match), written
// through lib/i18n/format.ts, with "points" and "to" from the catalogue.
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";

export type EstimateText = ReturnType<typeof estimateText>;

export function estimateText(t: Translate, locale: Locale) {
  /** v with exactly `digits` decimals, rounded as toFixed rounds, grouped per locale. */
  const fixed = (v: number, digits: number) => formatNumber(locale, Number(v.toFixed(digits)), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const signedPoints = (difference: number) => t("estimate.points", { value: `${difference > 0 ? "+" : difference < 0 ? "−" : ""}${fixed(Math.abs(difference * 100), 1)}` });
  return {
    fixed,
    percent: (rate: number) => `${fixed(rate * 100, 1)}%`,
    range: (low: number, high: number) => `${fixed(low * 100, 1)}–${fixed(high * 100, 1)}%`,
    points: (halfWidth: number) => t("estimate.points", { value: `±${fixed(halfWidth * 100, 1)}` }),
    signedPoints,
    pointsRange: (low: number, high: number) => t("estimate.pointsRange", { low: signedPoints(low), high: signedPoints(high) }),
  };
}
