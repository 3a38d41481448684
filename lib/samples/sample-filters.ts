// The sample list's filters, read from the URL's search params. Validated here so that no
// user input reaches a database query unchecked: closed sets are enums, free text is bounded,
// and only these fields can be filtered on. Annotators filter only on what the import said:
// the review status, the tier and score, and prediction correctness rest on the final answer,
// and would tell a verified item (a honeypot) apart.
import { z } from "zod";
import { firstValues, toQueryString, type SearchParams } from "@/lib/filters/search-params";
import { STATUS_FILTERS } from "@/lib/domain/item-lifecycle";

export const SAMPLE_SORTS = ["import", "instruction", "source", "app", "score", "hits"] as const;
export type SampleSort = (typeof SAMPLE_SORTS)[number];
export const SAMPLE_SORT_LABELS: Record<SampleSort, string> = { import: "import order", instruction: "instruction", source: "source id", app: "app", score: "quality score", hits: "predictions hit" };
// Sorts that rest on a final answer (the score and the hits are derived from it).
export const REVIEWER_SORTS: ReadonlySet<SampleSort> = new Set(["score", "hits"]);

const Text = z.string().trim().min(1).max(200).optional().catch(undefined);
const Model = z.string().trim().min(1).max(200).optional().catch(undefined);
// An empty field of the filter form means "any", not 0 (which z.coerce would make of it).
const Score = z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0).max(10).optional()).catch(undefined);

export const SampleFilterSchema = z.object({
  // Words of the instruction (and, for reviewers, of the final answer's rewrite).
  q: Text,
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
  // (Reviewers) a machine verdict changed under a reviewer's override and awaits confirm/withdraw.
  verdictChanged: z.enum(["yes"]).optional().catch(undefined),
  // Samples a model predicted on; and (reviewers) those one model got right and another wrong.
  model: Model,
  modelRight: Model,
  modelWrong: Model,
  sort: z.enum(SAMPLE_SORTS).optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  // The last row of the previous page: its id in import order, else an opaque sort cursor.
  after: z.string().regex(/^[A-Za-z0-9_-]{10,600}$/).optional().catch(undefined),
});
export type SampleFilter = z.infer<typeof SampleFilterSchema>;

export function parseSampleFilter(params: SearchParams, viewer: { seesHuman: boolean } = { seesHuman: true }): SampleFilter {
  const filter = SampleFilterSchema.parse(firstValues(params));
  if (viewer.seesHuman) return filter;
  return {
    ...filter,
    correctness: undefined, scoreMin: undefined, scoreMax: undefined, tier: undefined, status: undefined, modelRight: undefined, modelWrong: undefined, verdictChanged: undefined,
    sort: filter.sort && REVIEWER_SORTS.has(filter.sort) ? undefined : filter.sort,
  };
}

export const filterQuery = (filter: SampleFilter, changes: Partial<SampleFilter> = {}): string => toQueryString(filter, changes);
