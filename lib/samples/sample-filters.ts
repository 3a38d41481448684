// The sample list's filters, read from the URL's search params. Validated here so that no
// user input reaches a database query unchecked: closed sets are enums, free text is bounded,
// and only these fields can be filtered on. Annotators filter only on what the import said:
// the review status, the tier and score, and prediction correctness rest on the final answer,
// and would tell a verified item (a honeypot) apart.
import { z } from "zod";
import { firstValues, toQueryString, type SearchParams } from "@/lib/http/search-params";
import { STATUS_FILTERS } from "@/lib/domain/item-lifecycle";

const Text = z.string().trim().min(1).max(200).optional().catch(undefined);
// An empty field of the filter form means "any", not 0 (which z.coerce would make of it).
const Score = z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0).max(10).optional()).catch(undefined);

export const SampleFilterSchema = z.object({
  source: Text,
  platform: Text,
  app: Text,
  uiType: Text,
  refusal: z.enum(["yes", "no"]).optional().catch(undefined),
  correctness: z.enum(["correct", "wrong", "wrong_format"]).optional().catch(undefined),
  scoreMin: Score,
  scoreMax: Score,
  tier: z.enum(["gold", "rewrite", "discard", "unscored"]).optional().catch(undefined),
  status: z.enum(STATUS_FILTERS).optional().catch(undefined),
  imageMissing: z.enum(["yes", "no"]).optional().catch(undefined),
  after: z.string().regex(/^[a-z0-9]{10,40}$/).optional().catch(undefined),
});
export type SampleFilter = z.infer<typeof SampleFilterSchema>;

export function parseSampleFilter(params: SearchParams, viewer: { seesHuman: boolean } = { seesHuman: true }): SampleFilter {
  const filter = SampleFilterSchema.parse(firstValues(params));
  if (viewer.seesHuman) return filter;
  return { ...filter, correctness: undefined, scoreMin: undefined, scoreMax: undefined, tier: undefined, status: undefined };
}

export const filterQuery = (filter: SampleFilter, changes: Partial<SampleFilter> = {}): string => toQueryString(filter, changes);
