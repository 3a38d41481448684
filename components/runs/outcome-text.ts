// A boolean outcome (automatic or verified) as the run screens print it: success, failure, or
// a dash when there is none.
import type { Translate } from "@/lib/i18n/translate";

export function outcomeText(t: Translate, value: boolean | null, none = "—"): string {
  return value === null ? none : value ? t("verdict.success") : t("verdict.failure");
}
