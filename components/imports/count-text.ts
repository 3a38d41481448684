// "1 evaluation run", "12 steps" / "1 次评测运行", "12 个步骤": the record kinds of an
// import, counted in words of the reader's language (numbers through lib/i18n/format.ts).
import type { PlainKey, Translate } from "@/lib/i18n/translate";

type Counted = "imports.n.sampleMany" | "imports.n.predictionMany" | "imports.n.trajectoryMany" | "imports.n.stepMany" | "imports.n.runMany"
  | "imports.n.verdictMany" | "imports.n.imageMany" | "imports.n.labelMany" | "imports.n.placeholderMany" | "imports.n.finalAnswerMany";

const NOUNS: Record<string, [PlainKey, Counted]> = {
  samples: ["imports.n.sampleOne", "imports.n.sampleMany"],
  predictions: ["imports.n.predictionOne", "imports.n.predictionMany"],
  trajectories: ["imports.n.trajectoryOne", "imports.n.trajectoryMany"],
  steps: ["imports.n.stepOne", "imports.n.stepMany"],
  runs: ["imports.n.runOne", "imports.n.runMany"],
  verdicts: ["imports.n.verdictOne", "imports.n.verdictMany"],
  images: ["imports.n.imageOne", "imports.n.imageMany"],
  media: ["imports.n.imageOne", "imports.n.imageMany"],
  annotations: ["imports.n.labelOne", "imports.n.labelMany"],
  labels: ["imports.n.labelOne", "imports.n.labelMany"],
  placeholders: ["imports.n.placeholderOne", "imports.n.placeholderMany"],
  finalAnswers: ["imports.n.finalAnswerOne", "imports.n.finalAnswerMany"],
};

export function countText(t: Translate, kind: string, n: number): string {
  const nouns = NOUNS[kind];
  if (!nouns) return t("imports.n.other", { count: n, kind });
  return n === 1 ? t(nouns[0]) : t(nouns[1], { count: n });
}

/** Several counts in one line: "2 samples, 1 prediction". */
export function countsText(t: Translate, counts: [string, number][]): string {
  return counts.map(([kind, n]) => countText(t, kind, n)).join(t("imports.n.separator"));
}
