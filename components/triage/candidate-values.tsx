// The values in dispute, in one line: the judge's effective value beside the rule verifier's
// and the human's (trajectories), or the judge's score and tier beside the human's (samples).
import type { TriageCandidate } from "@/lib/triage/candidate-types";

const outcome = (v: boolean) => (v ? "success" : "failure");

export function CandidateValues({ candidate: c }: { candidate: TriageCandidate }) {
  if (c.kind === "trajectory") {
    return (
      <span className="text-sm text-slate-700">
        <b>{c.judgeName}</b> {outcome(c.judge)}
        {c.rule && <> · rule {c.rule.judgeName} {outcome(c.rule.effective)}</>}
        {c.human && <> · human {c.human}</>}
      </span>
    );
  }
  return (
    <span className="text-sm text-slate-700">
      <b>{c.judgeName}</b> {c.judgeScore}/10 ({c.judgeTier})
      {c.humanScore !== null && <> · human {c.humanScore}/10 ({c.humanTier})</>}
      {c.threshold !== null && <> · threshold {c.threshold}</>}
    </span>
  );
}
