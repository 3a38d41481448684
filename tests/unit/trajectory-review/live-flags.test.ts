// The review screen's live flags come from the whole review object it was given: verdicts as
// the page serialises them (dates as strings) with their overrides. A rule verdict overridden
// to success agrees with the judge, so no rule_vs_judge; without the override it disagrees.
// (A spread of the review once handed the string dates to deriveTrajectory, and every
// trajectory with an override failed to render.)
import { describe, expect, it } from "vitest";
import { liveFlags } from "@/components/trajectory-review/live-flags";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

const verdict = (id: string, kind: string, value: boolean, overrides: VerdictView["overrides"] = []): VerdictView => ({
  id, kind, judgeName: kind === "rule" ? "checker" : "judge-72b", promptVersion: null, metric: "trace_success", value, effective: overrides.at(-1)?.value ?? value,
  effectiveOverrideId: overrides.at(-1)?.id ?? null, overrideOutdated: false, rationale: null, rawOutput: null, proposedRewrite: null, createdAt: "2026-12-01T10:00:00.000Z", revision: 1, revisedAt: null, revisions: [], overrides,
});
const toSuccess = { id: "o1", value: true, reason: "missed the toast", status: "accepted", createdAt: "2026-12-01T11:00:00.000Z", by: "Rita", verdictRevision: 1, baseValue: false, withdrawn: null };

const trajectory = (verdicts: VerdictView[]) => ({ stepCount: 2, agentClaimedFinish: true, invalidActionCount: 0, sourceOutcome: null, steps: [{ noVisibleEffect: false }, { noVisibleEffect: false }], verdicts });
const answer = { traceVerdict: "success" as const, firstWrongStep: null, steps: [{ stepIndex: 0, label: "correct" as const }, { stepIndex: 1, label: "correct" as const }], note: null };

describe("live flags on the review screen", () => {
  it("read the overrides of verdicts serialised by the page", () => {
    const overridden = [verdict("r", "rule", false, [toSuccess]), verdict("j", "mllm", true)];
    expect(liveFlags(answer, trajectory(overridden), overridden)).not.toContain("rule_vs_judge");
    const plain = [verdict("r", "rule", false), verdict("j", "mllm", true)];
    expect(liveFlags(answer, trajectory(plain), plain)).toContain("rule_vs_judge");
  });
});
