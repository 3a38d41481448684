// The trajectory list's filters, from the URL: closed sets are enums, free text is bounded,
// and only these fields reach the query.
import { z } from "zod";
import { firstValues, type SearchParams } from "@/lib/http/search-params";
import { MISMATCH_FLAGS } from "@/lib/domain/mismatch-flags";

const Text = z.string().trim().min(1).max(200).optional().catch(undefined);

export const TrajectoryFilterSchema = z.object({
  benchmark: Text,
  app: Text,
  model: Text,
  run: z.string().regex(/^[a-z0-9]{10,40}$/).optional().catch(undefined),
  group: Text,
  outcome: z.enum(["success", "failure", "unknown"]).optional().catch(undefined),
  verdict: z.enum(["success", "failure", "unsure", "none"]).optional().catch(undefined),
  flag: z.enum(MISMATCH_FLAGS).optional().catch(undefined),
  labeled: z.enum(["yes", "no"]).optional().catch(undefined),
  after: z.string().regex(/^[a-z0-9]{10,40}$/).optional().catch(undefined),
});
export type TrajectoryFilter = z.infer<typeof TrajectoryFilterSchema>;

export function parseTrajectoryFilter(params: SearchParams): TrajectoryFilter {
  return TrajectoryFilterSchema.parse(firstValues(params));
}
