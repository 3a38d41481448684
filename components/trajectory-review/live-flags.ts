// Mismatch flags recomputed in the browser from the answer being edited, with the same
// function the server stores them with (lib/domain/review-flags.ts).
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import { reviewFlags, verdictOutcomes } from "@/lib/domain/review-flags";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

export const liveOutcomes = (verdicts: VerdictView[]) => verdictOutcomes(verdicts);

export function liveFlags(payload: TrajectoryPayload, stepCount: number, verdicts: VerdictView[], agentClaimedFinish: boolean): MismatchFlag[] {
  return reviewFlags(payload, stepCount, verdicts, agentClaimedFinish);
}

export const FLAG_TEXT: Record<MismatchFlag, { label: string; why: string }> = {
  steps_ok_trace_failed: { label: "steps ok, trace failed", why: "Every step is labeled correct but the trace verdict is failure." },
  trace_ok_with_bad_steps: { label: "trace ok with bad steps", why: "The trace verdict is success although a step is labeled incorrect." },
  auto_vs_human: { label: "auto vs human", why: "The automatic outcome (rule verifier, else judge) differs from your trace verdict." },
  rule_vs_judge: { label: "rule vs judge", why: "The rule verifier and the MLLM judge disagree." },
  claimed_finish_failed: { label: "claimed finish, failed", why: "The agent finished (claimed success) but the trace verdict is failure." },
};
