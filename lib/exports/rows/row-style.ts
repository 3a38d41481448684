// What every row builder of a pool is given: the convention, target, prompt template and
// rounding rule the pool resolved (lib/pools/pool-definition.ts resolvedStyle), and a tally where each row that
// cannot be written is counted under the reason (the manifest's counts), never dropped unseen.
import type { ConventionId, RoundingId, TargetKind } from "@/lib/exports/conventions/coordinate-conventions";
import type { TemplateId } from "@/lib/exports/conventions/prompt-templates";

// historyThoughts: whether navigation history lines keep the agent's thoughts (converted into the
// convention where they hold AndroidLab bounds) or leave them out (lib/exports/rows/navigation-history.ts).
export type RowStyle = { convention: ConventionId; target: TargetKind; template: TemplateId; rounding: RoundingId; historyThoughts: "convert" | "omit" };

export type Counter = (key: string, n?: number) => void;
