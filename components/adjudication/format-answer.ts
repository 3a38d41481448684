// Short texts for answers on the adjudication screens.
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";

export function describeGroundingAnswer(payload: Pick<GroundingPayload, "targetAbsent" | "box"> | null): string {
  if (!payload) return "no submitted answer";
  if (payload.targetAbsent) return "target absent";
  return payload.box ? `box ${payload.box.map((v) => Math.round(v)).join(", ")}` : "no box";
}
