// The automatic outcome as the checkers reported it, and, when a reviewer overrode the verdict
// it came from, what it is after the override: one rendering for the list and the run page,
// the same two stored values the review header shows.
const text = (value: boolean | null, unknown: string) => (value === null ? unknown : value ? "success" : "failure");

export function AutomaticOutcome({ reported, effective, unknown = "unknown" }: { reported: boolean | null; effective: boolean | null; unknown?: string }) {
  return (
    <>
      {text(reported, unknown)}
      {effective !== reported && <span className="ml-1 text-xs text-slate-600" data-testid="automatic-overridden">overridden to {text(effective, unknown)}</span>}
    </>
  );
}
