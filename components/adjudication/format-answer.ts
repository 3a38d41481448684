// Short texts for answers on the adjudication screens ("box 10, 20, 30, 40" / "框 10, 20, 30, 40"),
// in the reader's language; without a translator, English (for callers not converted yet).
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { formatCoordinates } from "@/lib/i18n/format";
import { translator, type Translate } from "@/lib/i18n/translate";

const english = translator("en");

export function describeGroundingAnswer(payload: Pick<GroundingPayload, "targetAbsent" | "box"> | null, t: Translate = english): string {
  if (!payload) return t("answer.none");
  if (payload.targetAbsent) return t("answer.targetAbsent");
  // As stored (100.5 stays 100.5), never grouped: coordinates are not amounts.
  return payload.box ? t("answer.box", { coords: formatCoordinates("en", payload.box) }) : t("answer.noBox");
}
