// List totals stop counting at COUNT_CAP: an exact COUNT(*) reads every matching row (about
// 60 ms per million on SQLite, more with filters), paid on every page view, for a number
// nobody needs exactly beyond "more than 10,000". Counting with a LIMIT costs at most
// COUNT_CAP rows whatever the size of the project.
export const COUNT_CAP = 10_000;

import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

export type CappedTotal = { total: number; totalIsCapped: boolean };

export function cappedTotal(counted: number): CappedTotal {
  return counted > COUNT_CAP ? { total: COUNT_CAP, totalIsCapped: true } : { total: counted, totalIsCapped: false };
}

export function formatTotal({ total, totalIsCapped }: CappedTotal, locale: Locale = "en"): string {
  return `${formatNumber(locale, total)}${totalIsCapped ? "+" : ""}`;
}
