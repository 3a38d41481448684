// A sample design (lib/domain/estimates/strata.ts SAMPLE_DESIGNS, stored in English) named in
// the reader's language.
import type { SampleDesign } from "@/lib/domain/estimates/strata";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

const DESIGN_KEYS: Record<SampleDesign, PlainKey> = {
  uniform: "design.uniform",
  automatic: "design.automatic",
  automatic_score: "design.automatic_score",
};

export function designLabel(t: Translate, design: SampleDesign): string {
  return t(DESIGN_KEYS[design]);
}

/**
 * A stratum's label in the reader's language. The label was written in English when the sample
 * was drawn (lib/domain/estimates/strata.ts stratumOf) and stored with its key; the key says
 * which parts it has, and the score band's edges are read back from the stored label. A label
 * whose shape is not recognised is shown as stored.
 */
export function stratumLabel(t: Translate, key: string, stored: string): string {
  if (key === "all") return t("stratum.all");
  const [auto, score] = key.split("|");
  const outcome = auto?.replace(/^auto:/, "");
  const autoText = outcome === "none" ? t("stratum.noAutomatic") : outcome === "success" || outcome === "failure" ? t("stratum.automatic", { outcome: t(`verdict.${outcome}`) }) : null;
  if (autoText === null) return stored;
  if (score === undefined) return autoText;
  const band = score.replace(/^score:/, "");
  const number = "(-?\\d+(?:\\.\\d+)?)";
  let bandText: string | null = null;
  if (band === "none") bandText = t("stratum.noScore");
  else if (band === "any") bandText = t("stratum.scored");
  else if (band === "low") bandText = matchEdges(stored, `judge score < ${number}`, ([edge]) => t("stratum.scoreBelow", { edge }));
  else if (band === "mid") bandText = matchEdges(stored, `judge score ${number}–${number}`, ([low, high]) => t("stratum.scoreBetween", { low, high }));
  else if (band === "high") bandText = matchEdges(stored, `judge score ≥ ${number}`, ([edge]) => t("stratum.scoreAtLeast", { edge }));
  return bandText === null ? stored : `${autoText} · ${bandText}`;
}

function matchEdges(stored: string, pattern: string, text: (edges: [string, string]) => string): string | null {
  const found = new RegExp(pattern).exec(stored);
  return found ? text([found[1] ?? "", found[2] ?? ""]) : null;
}
