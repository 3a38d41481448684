// Input rows of the export formats: plain objects a caller builds from verified records (the
// formatters never touch the database). Every coordinate here is in the screenshot's own
// pixels (SPEC §2); the formats convert to their own contract, nothing upstream does.
import type { Action } from "@/lib/domain/actions";
import type { ImageSize } from "@/lib/domain/coordinates";
import type { Box } from "@/lib/domain/geometry";
import type { QualityTier } from "@/lib/domain/tiers";

export type VerifiedSample = {
  id: string;
  // Path of the image inside the snapshot, or a media reference the trainer can resolve.
  imagePath: string;
  image: ImageSize;
  instruction: string;
  // A reviewer's rewrite; when present it is the instruction trained on (the original is kept).
  instructionRewrite: string | null;
  // A refusal sample: the target is not on the screenshot, the answer is [-1,-1].
  targetAbsent: boolean;
  box: Box | null;
  // The EFFECTIVE 0-10 quality score and its tier, as stored on the sample
  // (lib/domain/derive-sample.ts); null when never scored.
  qualityScore: number | null;
  qualityTier: QualityTier | null;
  source: string;
  // The final-answer revision the row is (lib/annotations/answer-revisions.ts).
  revisionIds: string[];
};

export type VerifiedStep = {
  trajectoryId: string;
  index: number;
  imagePath: string;
  image: ImageSize;
  goal: string;
  // The previous steps' actions as text (e.g. describeAction), oldest first.
  history: string[];
  // The ground-truth action: the corrected action when a reviewer gave one, else the agent's.
  action: Action;
  revisionId: string;
};

export type VerifiedTrajectoryStep = {
  imagePath: string;
  // Needed to express the action in [0,1000] like every other export.
  image: ImageSize;
  // Null when the step has no parseable action (it still counts toward the length T).
  action: Action | null;
};

export type VerifiedTrajectory = {
  id: string;
  goal: string;
  // The task the rollouts share: GRPO advantages are computed within one group.
  groupKey: string;
  steps: VerifiedTrajectoryStep[];
  // The human trace verdict (success), not the agent's own claim.
  success: boolean;
  invalidActions: number;
  // As stored on the trajectory (lib/domain/derive-trajectory.ts, group-advantages.ts), under
  // the project's advantage policy, which the manifest names.
  reward: number;
  advantage: number;
  groupSize: number;
  revisionIds: string[];
};
