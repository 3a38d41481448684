// What makes two machine verdicts the same verdict: its target (a sample, trajectory or step),
// kind (rule or mllm), judge name, prompt version and metric, and whether it is a 0-10 score or
// a yes/no (a judge may give a trace both a success verdict and a score: two measurements,
// stratified sampling reads the score, the outcome the boolean). A re-import or a re-run that
// gives the same identity another value, score, rationale or raw output revises that verdict;
// it never adds one beside it (so overrides, which belong to the verdict, stay in force).
// The key is stored (JudgeVerdict.identityKey, unique per project); the migration that
// introduced it builds the same text in SQL, fields joined by U+001F.
export type VerdictIdentity = {
  sampleId?: string | null;
  trajectoryId?: string | null;
  stepId?: string | null;
  kind: string;
  judgeName: string;
  promptVersion?: string | null;
  metric: string;
  valueScore?: number | null;
};

const SEPARATOR = "\u001f";

export function verdictTargetType(v: Pick<VerdictIdentity, "sampleId" | "trajectoryId" | "stepId">): "sample" | "trajectory" | "step" {
  return v.stepId ? "step" : v.trajectoryId ? "trajectory" : "sample";
}

export function verdictIdentityKey(v: VerdictIdentity): string {
  const target = v.stepId ?? v.trajectoryId ?? v.sampleId ?? "";
  const scale = v.valueScore !== null && v.valueScore !== undefined ? "score" : "bool";
  return [verdictTargetType(v), target, v.kind, v.judgeName, v.promptVersion ?? "", v.metric, scale].join(SEPARATOR);
}
