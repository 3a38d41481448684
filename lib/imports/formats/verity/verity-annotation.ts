// A Verity JSONL `annotation` line -> an AnnotationRecord: a label made elsewhere, by an
// annotator named by e-mail. A line says what its target is, so fields of the other kind of
// label (a box on a trajectory, a trace verdict on a sample) are refused rather than dropped.
// What a submitted or verified label must contain is checked by the writer, with the item's
// step count at hand (the same checks as a submit on the review screens).
import type { z } from "zod";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import type { AnnotationRecord, Rejection, SourceLocation } from "@/lib/imports/records";
import { mergeExtra, unknownKeys } from "@/lib/imports/formats/unknown-keys";
import { VerityAnnotationLine } from "@/lib/imports/formats/verity/verity-schema";

type Line = z.infer<typeof VerityAnnotationLine>;

const FIELDS = Object.keys(VerityAnnotationLine.shape);
const SAMPLE_ONLY = ["box", "instruction_rewrite", "quality_score"] as const;
const TRAJECTORY_ONLY = ["trace_verdict", "first_wrong_step", "steps"] as const;

function misplaced(line: Line, fields: readonly string[]): string[] {
  return fields.filter((f) => (line as Record<string, unknown>)[f] !== undefined);
}

export function annotationRecord(line: Line, location: SourceLocation, contract: CoordinateContract): AnnotationRecord | Rejection {
  const isSample = "sample" in line.target;
  const wrong = misplaced(line, isSample ? TRAJECTORY_ONLY : SAMPLE_ONLY);
  if (wrong.length) {
    return { type: "rejected", location, reason: `${wrong.join(", ")}: not a field of a ${isSample ? "sample" : "trajectory"} label` };
  }
  const own = line.extra && typeof line.extra === "object" ? (line.extra as Record<string, unknown>) : null;
  const common = {
    type: "annotation" as const,
    location,
    annotator: { source: "email" as const, name: line.annotator },
    status: line.status,
    submittedAt: line.submitted_at ? new Date(line.submitted_at) : null,
    extra: mergeExtra(unknownKeys(line, FIELDS), own),
  };
  if ("sample" in line.target) {
    return {
      ...common,
      target: { kind: "sample", sourceDataset: line.dataset, sourceId: line.target.sample },
      label: {
        kind: "sample",
        targetAbsent: line.box === null,
        box: line.box ? { raw: line.box, contract } : null,
        instructionRewrite: line.instruction_rewrite?.trim() || null,
        qualityScore: line.quality_score ?? null,
        note: line.note?.trim() || null,
      },
    };
  }
  return {
    ...common,
    target: { kind: "trajectory", sourceDataset: line.dataset, sourceId: line.target.trajectory },
    label: {
      kind: "trajectory",
      traceVerdict: line.trace_verdict ?? null,
      firstWrongStep: line.first_wrong_step ?? null,
      steps: (line.steps ?? []).map((s) => ({
        stepIndex: s.step,
        label: s.label,
        ...(s.error_kind ? { errorKind: s.error_kind } : {}),
        ...(s.corrected_action ? { correctedAction: s.corrected_action } : {}),
      })),
      note: line.note?.trim() || null,
    },
  };
}
