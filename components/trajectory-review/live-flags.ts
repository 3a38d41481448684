// The mismatch flags the answer being edited would give once it is the final answer, computed
// in the browser by the same function the server stores them with (deriveTrajectory), with the
// draft in place of the final answer. The stored flags (what lists and exports see) are shown
// beside them.
import { deriveTrajectory, type TraceVerdictInput } from "@/lib/domain/derive-trajectory";
import { MISMATCH_FLAGS, type MismatchFlag } from "@/lib/domain/mismatch-flags";
import { flagLabel, flagWhy } from "@/lib/i18n/labels";
import { translator } from "@/lib/i18n/translate";
import { RewardSettingsSchema } from "@/lib/domain/rewards";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
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
  // Named, not spread: the screen passes its whole review, whose verdicts (dates as strings)
  // must not reach deriveTrajectory's own `verdicts` input.
  const { stepCount, agentClaimedFinish, invalidActionCount, sourceOutcome, steps } = trajectory;
  return deriveTrajectory({
    stepCount,
    agentClaimedFinish,
    invalidActionCount,
    sourceOutcome,
    // The stored verdict on each step's pixels, as it went in: no label changes it.
    screenUnchanged: steps.map((s) => (s.noVisibleEffect ? true : null)),
    final: { decision: "accept", traceVerdict: payload.traceVerdict, firstWrongStep: payload.firstWrongStep, steps: payload.steps },
    traceVerdicts: traceVerdicts(verdicts),
    rewards: DEFAULT_REWARDS,
  }).flags;
}

// The flags' English names, from the catalogue (flag.* keys, lib/i18n/labels.ts), for a screen
// not converted to the catalogue yet (components/trajectories/group-view-screen.tsx).
const english = translator("en");
export const FLAG_TEXT: Record<MismatchFlag, { label: string; why: string }> = Object.fromEntries(
  MISMATCH_FLAGS.map((f) => [f, { label: flagLabel(english, f), why: flagWhy(english, f) }]),
) as Record<MismatchFlag, { label: string; why: string }>;
