// What every row builder of a pool is given: the convention, target, prompt template and
// rounding rule the pool resolved (lib/pools/pool-definition.ts resolvedStyle), and a tally where each row that
// cannot be written is counted under the reason (the manifest's counts), never dropped unseen.
import type { ConventionId, RoundingId, TargetKind } from "@/lib/exports/conventions/coordinate-conventions";
import type { TemplateId } from "@/lib/exports/conventions/prompt-templates";

export type RowStyle = { convention: ConventionId; target: TargetKind; template: TemplateId; rounding: RoundingId };

export type Counter = (key: string, n?: number) => void;
