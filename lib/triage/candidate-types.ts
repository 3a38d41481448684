// What the triage list, the queue maker and the decision view share about one candidate: the
// verdict in question (the MLLM judge's trace verdict, a step-level judge's verdict on one
// step, or a sample's quality-score verdict),
// why it is doubted, and how much deciding it could change (lib/domain/triage-impact.ts).
import type { TriageReason } from "@/lib/domain/triage-impact";
import type { QualityTier } from "@/lib/domain/tiers";
import type { StepLabel } from "@/lib/domain/labels";

export type GroupFlip = {
  groupKey: string;
  rollouts: { id: string; success: boolean; rewardBefore: number; rewardAfter: number; advantageBefore: number; advantageAfter: number }[];
};

export type TrajectoryCandidate = {
  kind: "trajectory";
  id: string; // the verdict's id: one candidate per verdict in question
  verdictId: string;
  trajectoryId: string;
  title: string;
  app: string | null;
  benchmark: string | null;
  judgeName: string;
  judge: boolean; // the judge's effective value
  rule: { id: string; judgeName: string; effective: boolean } | null;
  human: string | null;
  outcome: boolean; // what the rollout counts with now
  reasons: TriageReason[];
  impact: number;
  group: GroupFlip | null; // null: no group (or alone in it)
};

export type StepCandidate = {
  kind: "step";
  id: string; // the verdict's id
  verdictId: string;
  trajectoryId: string;
  stepId: string;
  stepIndex: number;
  title: string; // the trajectory's goal
  app: string | null;
  benchmark: string | null;
  judgeName: string;
  judge: boolean; // the judge's effective value: the step's action was right
  human: StepLabel | null; // the human's label of the step (the accepted final answer's); null: none (any more)
  reasons: TriageReason[];
  impact: number;
};

export type SampleCandidate = {
  kind: "sample";
  id: string;
  verdictId: string;
  sampleId: string;
  title: string;
  judgeName: string;
  judgeScore: number; // effective
  humanScore: number | null;
  judgeTier: QualityTier;
  humanTier: QualityTier | null;
  threshold: number | null;
  reasons: TriageReason[];
  impact: number;
};

export type TriageCandidate = TrajectoryCandidate | StepCandidate | SampleCandidate;

