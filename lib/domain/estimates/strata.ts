// The strata a verification sample can be drawn over: none (uniform), the automatic outcome
// (success, failure, none), or the automatic outcome and the judge's score in three bands cut
// at the run's score tertiles. Strata are fixed from what the machines said before anything
// is drawn, which is what makes sampling within them (and weighting by N_h / n_h) valid.
export const SAMPLE_DESIGNS = ["uniform", "automatic", "automatic_score"] as const;
export type SampleDesign = (typeof SAMPLE_DESIGNS)[number];

export const DESIGN_LABELS: Record<SampleDesign, string> = {
  uniform: "uniform",
  automatic: "stratified by automatic outcome",
  automatic_score: "stratified by automatic outcome and judge score",
};

/** Tertile cut points of the judge scores [lower, upper], or null without scores to cut. */
export type ScoreEdges = [number, number] | null;

export function scoreEdges(scores: readonly number[]): ScoreEdges {
  const sorted = scores.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length < 3) return null;
  return [sorted[Math.floor(sorted.length / 3)]!, sorted[Math.floor((2 * sorted.length) / 3)]!];
}

const fmt = (v: number) => String(Math.round(v * 100) / 100);

export function stratumOf(design: SampleDesign, automatic: boolean | null, score: number | null, edges: ScoreEdges): { key: string; label: string } {
  if (design === "uniform") return { key: "all", label: "all episodes" };
  const auto = automatic === null ? "none" : automatic ? "success" : "failure";
  const autoLabel = automatic === null ? "no automatic outcome" : `automatic ${auto}`;
  if (design === "automatic") return { key: `auto:${auto}`, label: autoLabel };
  if (score === null) return { key: `auto:${auto}|score:none`, label: `${autoLabel} · no judge score` };
  if (!edges) return { key: `auto:${auto}|score:any`, label: `${autoLabel} · judge scored` };
  const [low, high] = edges;
  const band = score < low ? "low" : score < high ? "mid" : "high";
  const bandLabel = band === "low" ? `judge score < ${fmt(low)}` : band === "mid" ? `judge score ${fmt(low)}–${fmt(high)}` : `judge score ≥ ${fmt(high)}`;
  return { key: `auto:${auto}|score:${band}`, label: `${autoLabel} · ${bandLabel}` };
}
