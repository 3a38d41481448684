// The automatic outcome as the checkers reported it, and, when a reviewer overrode the verdict
// it came from, what it is after the override: one rendering for the list and the run page,
// the same two stored values the review header shows.
import { getT } from "@/lib/i18n/server";

export async function AutomaticOutcome({ reported, effective, unknown }: { reported: boolean | null; effective: boolean | null; unknown?: string }) {
  const { t } = await getT();
  const text = (value: boolean | null) => (value === null ? (unknown ?? t("verdict.unknown")) : value ? t("verdict.success") : t("verdict.failure"));
  return (
    <>
      {text(reported)}
      {effective !== reported && <span className="ml-1 text-xs text-slate-600" data-testid="automatic-overridden">{t("outcome.overriddenTo", { outcome: text(effective) })}</span>}
    </>
  );
}
