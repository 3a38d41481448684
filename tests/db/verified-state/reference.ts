// The plain reference model of the model-based test: what every derived value of a sample or a
// trajectory must be, written straight from SPEC §2 and the README, independently of
// lib/domain's derivation (it shares no code with it), from the inputs read back from the
// database and the final answers the test itself expects.
export type Box = [number, number, number, number];
export type Tiers = { goldMin: number; rewriteMin: number };
export type Rewards = { eta: number; invalidActionPenalty: number; advantagePolicy: "verified_only" | "automatic_fallback" };

export type OverrideIn = { id: string; value: number | boolean | null; at: number; status: string };
export type VerdictIn = { id: string; kind: string; value: number | boolean | null; at: number; overrides: OverrideIn[] };

export type SampleFinalModel = { decision: "accept" | "reject"; absent: boolean; box: Box | null; rewrite: string | null; score: number | null };
export type TrajectoryFinalModel = { decision: "accept" | "reject"; verdict: "success" | "failure" | "unsure"; labels: ("correct" | "incorrect" | "unsure")[]; firstWrong: number | null };

const byTime = <T extends { at: number; id: string }>(list: T[]) => [...list].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The latest accepted override's value, else the verdict's; and the override's id. */
export function effective(v: VerdictIn): { value: number | boolean | null; overrideId: string | null } {
  // Rejected by adjudication or withdrawn by a reviewer: out of force.
  const accepted = byTime(v.overrides).filter((o) => o.status !== "rejected" && o.status !== "withdrawn");
  const last = accepted.at(-1);
  return last ? { value: last.value, overrideId: last.id } : { value: v.value, overrideId: null };
}

export function tierOf(score: number | null, tiers: Tiers): string | null {
  if (score === null) return null;
  return score >= tiers.goldMin ? "gold" : score >= tiers.rewriteMin ? "rewrite" : "discard";
}

export type SampleExpected = {
  absent: boolean;
  box: Box | null;
  rewrite: string | null;
  judgeScore: number | null;
  humanScore: number | null;
  qualityScore: number | null;
  qualityOverrideId: string | null;
  tier: string | null;
  correctness: Record<string, string | null>;
  hits: number;
};

export function expectSample(input: {
  imported: { absent: boolean; box: Box | null };
  final: SampleFinalModel | null;
  qualityVerdicts: VerdictIn[];
  predictions: { id: string; kind: string; x: number | null; y: number | null }[];
  tiers: Tiers;
}): SampleExpected {
  const accepted = input.final?.decision === "accept" ? input.final : null;
  const absent = accepted ? accepted.absent : input.imported.absent;
  const box = absent ? null : accepted ? accepted.box : input.imported.box;
  const latest = byTime(input.qualityVerdicts).at(-1);
  const judged = latest ? effective(latest) : null;
  const judgeScore = typeof judged?.value === "number" ? judged.value : null;
  const humanScore = input.final?.score ?? null;
  const qualityScore = judgeScore ?? humanScore;
  const correctness: Record<string, string | null> = {};
  let hits = 0;
  for (const p of input.predictions) {
    let c: string | null;
    if (!absent && box === null) c = null;
    else if (p.kind === "wrong_format") c = "wrong_format";
    else if (p.kind === "refusal" || (p.x === -1 && p.y === -1)) c = absent ? "correct" : "wrong";
    else c = !absent && box !== null && box[0] <= p.x! && p.x! <= box[2] && box[1] <= p.y! && p.y! <= box[3] ? "correct" : "wrong";
    correctness[p.id] = c;
    if (c === "correct") hits += 1;
  }
  return {
    absent,
    box,
    rewrite: accepted?.rewrite ?? null,
    judgeScore,
    humanScore,
    qualityScore,
    qualityOverrideId: judgeScore !== null ? judged!.overrideId : null,
    tier: tierOf(qualityScore, input.tiers),
    correctness,
    hits,
  };
}

export type TrajectoryExpected = {
  auto: boolean | null;
  effectiveAuto: boolean | null;
  human: string | null;
  flags: string[];
  stepsCorrect: number;
  stepsIncorrect: number;
  outcome: boolean | null;
  reward: number | null;
};

export function expectTrajectory(input: {
  stepCount: number;
  claimed: boolean;
  invalid: number;
  sourceOutcome: boolean | null;
  final: TrajectoryFinalModel | null;
  traceVerdicts: VerdictIn[];
  rewards: Rewards;
}): TrajectoryExpected {
  const latest = (kind: string) => byTime(input.traceVerdicts.filter((v) => v.kind === kind && v.value !== null)).at(-1) ?? null;
  const rule = latest("rule");
  const judge = latest("mllm");
  const raw = (v: VerdictIn | null) => (v ? (v.value as boolean) : null);
  const eff = (v: VerdictIn | null) => (v ? (effective(v).value as boolean) : null);
  const auto = raw(rule) ?? raw(judge) ?? input.sourceOutcome;
  const effectiveAuto = eff(rule) ?? eff(judge) ?? input.sourceOutcome;
  const accepted = input.final?.decision === "accept" ? input.final : null;
  const human = accepted?.verdict ?? null;
  const decided = human === "success" ? true : human === "failure" ? false : null;
  const labels = Array.from({ length: input.stepCount }, (_, i) => accepted?.labels[i] ?? "unsure");
  const flags: string[] = [];
  if (decided === false && input.stepCount > 0 && labels.every((l) => l === "correct")) flags.push("steps_ok_trace_failed");
  if (decided === true && labels.some((l) => l === "incorrect")) flags.push("trace_ok_with_bad_steps");
  if (auto !== null && decided !== null && auto !== decided) flags.push("auto_vs_human");
  if (eff(rule) !== null && eff(judge) !== null && eff(rule) !== eff(judge)) flags.push("rule_vs_judge");
  if (input.claimed && (decided ?? effectiveAuto) === false) flags.push("claimed_finish_failed");
  // Every step of the world's trajectories shows the same screenshot (world.ts), so the import
  // finds each step but the last followed by an identical screen.
  if (input.stepCount >= 2) flags.push("no_visible_effect");
  const outcome = decided ?? (input.rewards.advantagePolicy === "automatic_fallback" ? effectiveAuto : null);
  const T = Math.max(1, input.stepCount);
  const reward = outcome === null ? null : input.rewards.eta ** (T - 1) * (outcome ? 1 : 0) + input.rewards.invalidActionPenalty * input.invalid;
  return {
    auto,
    effectiveAuto,
    human,
    flags,
    stepsCorrect: accepted ? labels.filter((l) => l === "correct").length : 0,
    stepsIncorrect: accepted ? labels.filter((l) => l === "incorrect").length : 0,
    outcome,
    reward,
  };
}

/** GRPO advantages over the rewards that count; a lone counted rollout gets 0. */
export function expectAdvantages(rewards: (number | null)[]): (number | null)[] {
  const counted = rewards.filter((r): r is number => r !== null);
  const n = counted.length;
  const mean = counted.reduce((a, b) => a + b, 0) / (n || 1);
  const std = n < 2 ? 0 : Math.sqrt(counted.reduce((a, r) => a + (r - mean) ** 2, 0) / (n - 1));
  // A group of one as verl's GRPO standardises it (mean 0, std 1): its reward / (1 + 1e-6).
  return rewards.map((r) => (r === null ? null : n === 1 ? r / (1 + 1e-6) : (r - mean) / (std + 1e-6)));
}

/** Two boxes agree for a honeypot or a consensus at IoU >= threshold. */
export function iou(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const h = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = w * h;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union <= 0 ? 0 : inter / union;
}
