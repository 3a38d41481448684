// The trajectory list's filters, from the URL: closed sets are enums, free text is bounded,
// and only these fields reach the query. Every value filtered on is a stored column (the
// derived ones come from lib/domain/derive-trajectory.ts). Annotators filter only on what the
// machines and the import said: the review status, the human verdict and the flags that rest
// on it would tell a verified item (a honeypot) apart.
import { z } from "zod";
import { firstValues, type SearchParams } from "@/lib/filters/search-params";
import { HUMAN_FLAGS, MISMATCH_FLAGS } from "@/lib/domain/mismatch-flags";
import { STATUS_FILTERS } from "@/lib/domain/item-lifecycle";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const Text = z.string().trim().min(1).max(200).optional().catch(undefined);

export const TrajectoryFilterSchema = z.object({
  benchmark: Text,
  app: Text,
  model: Text,
  run: RowIdSchema.optional().catch(undefined),
  group: Text,
  // How the source says the episode ended (Trajectory.terminationReason, as imported).
  termination: Text,
  outcome: z.enum(["success", "failure", "unknown"]).optional().catch(undefined),
  verdict: z.enum(["success", "failure", "unsure", "none"]).optional().catch(undefined),
  flag: z.enum(MISMATCH_FLAGS).optional().catch(undefined),
  status: z.enum(STATUS_FILTERS).optional().catch(undefined),
  // (Reviewers) a machine verdict changed under a reviewer's override and awaits confirm/withdraw.
  verdictChanged: z.enum(["yes"]).optional().catch(undefined),
  after: RowIdSchema.optional().catch(undefined),
});
export type TrajectoryFilter = z.infer<typeof TrajectoryFilterSchema>;

export function parseTrajectoryFilter(params: SearchParams, viewer: { seesHuman: boolean } = { seesHuman: true }): TrajectoryFilter {
  const filter = TrajectoryFilterSchema.parse(firstValues(params));
  if (viewer.seesHuman) return filter;
  return { ...filter, verdict: undefined, status: undefined, verdictChanged: undefined, flag: filter.flag && HUMAN_FLAGS.has(filter.flag) ? undefined : filter.flag };
}
