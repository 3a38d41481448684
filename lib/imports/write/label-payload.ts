// An imported label as the answer a person would have saved on the review screen: the same
// payload schemas, the same coordinate conversion as every import (target-pixels.ts), and
// the same checks a submit must pass (a drawn box or "target absent"; a trace verdict; step
// labels within the trajectory). A draft may be incomplete, as drafts are.
import { GroundingPayloadSchema, groundingProblem } from "@/lib/annotations/grounding-payload";
import type { FinalPayload } from "@/lib/annotations/final-payload";
import { TrajectoryPayloadSchema, trajectoryProblem } from "@/lib/domain/trajectory-payload";
import type { AnnotationRecord } from "@/lib/imports/records";
import type { LabelItem } from "@/lib/imports/write/label-targets";
import { targetToPixels } from "@/lib/imports/write/target-pixels";

export type LabelAnswer = { ok: true; answer: FinalPayload } | { ok: false; reason: string };

function draftProblem(answer: FinalPayload, stepCount: number): string | null {
  if (answer.itemType === "sample") return answer.payload.targetAbsent && answer.payload.box ? "a label marked target absent cannot also have a box" : null;
  const p = answer.payload;
  if (p.steps.some((s) => s.stepIndex >= stepCount)) return "a label names a step the trajectory does not have";
  if (p.firstWrongStep !== null && p.firstWrongStep >= stepCount) return "the first wrong step is past the last step";
  return null;
}

export function labelAnswer(record: AnnotationRecord, item: LabelItem): LabelAnswer {
  const label = record.label;
  const isSampleItem = "sampleId" in item.key;
  if ((label.kind === "sample") !== isSampleItem) return { ok: false, reason: `a ${label.kind} label cannot be given to a ${isSampleItem ? "sample" : "trajectory"}` };
  let answer: FinalPayload;
  if (label.kind === "sample") {
    let box: [number, number, number, number] | null = null;
    if (label.box) {
      const pixels = targetToPixels({ kind: "box", raw: label.box.raw, contract: label.box.contract }, null, item.imageSize);
      if (!pixels.ok) return { ok: false, reason: pixels.reason };
      box = pixels.box as [number, number, number, number];
    }
    const parsed = GroundingPayloadSchema.safeParse({ targetAbsent: label.targetAbsent, box, instructionRewrite: label.instructionRewrite, qualityScore: label.qualityScore, note: label.note });
    if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
    answer = { itemType: "sample", payload: parsed.data };
  } else {
    const parsed = TrajectoryPayloadSchema.safeParse({ traceVerdict: label.traceVerdict, firstWrongStep: label.firstWrongStep, steps: label.steps, note: label.note });
    if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((i) => `${i.path.join(".") || "label"}: ${i.message}`).join("; ") };
    answer = { itemType: "trajectory", payload: parsed.data };
  }
  const problem =
    record.status === "draft"
      ? draftProblem(answer, item.stepCount)
      : answer.itemType === "sample"
        ? groundingProblem(answer.payload)
        : trajectoryProblem(answer.payload, item.stepCount);
  return problem ? { ok: false, reason: `a ${record.status} label: ${problem}` } : { ok: true, answer };
}
