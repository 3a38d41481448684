// "1 evaluation run", "12 steps": the record kinds of an import, counted in words.
const NOUNS: Record<string, [string, string]> = {
  samples: ["sample", "samples"],
  predictions: ["prediction", "predictions"],
  trajectories: ["trajectory", "trajectories"],
  steps: ["step", "steps"],
  runs: ["evaluation run", "evaluation runs"],
  verdicts: ["verdict", "verdicts"],
  images: ["image", "images"],
  media: ["image", "images"],
  annotations: ["label", "labels"],
  labels: ["label", "labels"],
  placeholders: ["placeholder account", "placeholder accounts"],
  finalAnswers: ["final answer pinned", "final answers pinned"],
};

export function countText(kind: string, n: number): string {
  const [one, many] = NOUNS[kind] ?? [kind, kind];
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}
