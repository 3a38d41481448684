// The mismatch flags the answer being edited would give once it is the final answer, computed
// in the browser by the same function the server stores them with (deriveTrajectory), with the
// draft in place of the final answer. The stored flags (what lists and exports see) are shown
// beside them.
import { deriveTrajectory, type TraceVerdictInput } from "@/lib/domain/derive-trajectory";
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import { RewardSettingsSchema } from "@/lib/domain/rewards";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

const DEFAULT_REWARDS = RewardSettingsSchema.parse({});

function traceVerdicts(verdicts: readonly VerdictView[]): TraceVerdictInput[] {
  return verdicts
    .filter((v) => v.metric === "trace_success" && typeof v.value === "boolean")
    .map((v) => ({
      id: v.id,
      kind: v.kind,
      value: v.value as boolean,
      createdAt: new Date(v.createdAt),
      overrides: v.overrides.map((o) => ({ id: o.id, value: typeof o.value === "boolean" ? o.value : null, createdAt: new Date(o.createdAt), status: o.status })),
    }));
}

type Trajectory = { stepCount: number; agentClaimedFinish: boolean; invalidActionCount: number; sourceOutcome: boolean | null; steps: readonly { noVisibleEffect: boolean }[] };

export function liveFlags(payload: TrajectoryPayload, trajectory: Trajectory, verdicts: readonly VerdictView[]): MismatchFlag[] {
  const { steps, ...inputs } = trajectory;
  return deriveTrajectory({
    ...inputs,
    // The stored verdict on each step's pixels, as it went in: no label changes it.
    screenUnchanged: steps.map((s) => (s.noVisibleEffect ? true : null)),
    final: { decision: "accept", traceVerdict: payload.traceVerdict, firstWrongStep: payload.firstWrongStep, steps: payload.steps },
    traceVerdicts: traceVerdicts(verdicts),
    rewards: DEFAULT_REWARDS,
  }).flags;
}

export const FLAG_TEXT: Record<MismatchFlag, { label: string; why: string }> = {
  steps_ok_trace_failed: { label: "steps ok, trace failed", why: "Every step is labeled correct but the trace verdict is failure." },
  trace_ok_with_bad_steps: { label: "trace ok with bad steps", why: "The trace verdict is success although a step is labeled incorrect." },
  auto_vs_human: { label: "auto vs human", why: "The automatic outcome (rule verifier, else judge, as they reported it) differs from the human trace verdict." },
  rule_vs_judge: { label: "rule vs judge", why: "The rule verifier and the MLLM judge disagree (after overrides)." },
  claimed_finish_failed: { label: "claimed finish, failed", why: "The agent finished (claimed success) but the trace failed (human verdict, else the automatic outcome)." },
  no_visible_effect: { label: "no visible effect", why: "A step's screen did not change after its action (the screenshots before and after agree on more than 99.9% of their pixels)." },
};
