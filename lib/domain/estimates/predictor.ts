// What stands as f, the prediction, in a sample's estimates: the episode's stored automatic
// outcome (the default: what the run reported), or one MLLM judge's own trace_success verdict
// (judge name and prompt version). The prediction-powered estimate stays unbiased whatever f
// is, as long as f does not depend on who looked at what: so a judge counts as it said, never
// as a person overrode it. An episode without a value counts as f = 0, a failure.
// A key names a predictor in a URL or a query: "automatic", or "judge:<name>/<prompt version>"
// ("judge:<name>" without one) with both parts URI-encoded, so no ":" or "/" in a judge's name
// makes two judges read as one. A requested key is only ever one of the offered ones.
// Pure.
import { z } from "zod";

export type Predictor = { kind: "automatic" } | { kind: "judge"; judgeName: string; promptVersion: string | null };

/** A predictor a run offers: its key, and for a judge how many of the run's episodes it judged. */
export type PredictorOption = { key: string; predictor: Predictor; judged: number | null };

export const AUTOMATIC_PREDICTOR_KEY = "automatic";
export const AUTOMATIC_PREDICTOR: PredictorOption = { key: AUTOMATIC_PREDICTOR_KEY, predictor: { kind: "automatic" }, judged: null };

export function predictorKey(p: Predictor): string {
  if (p.kind === "automatic") return AUTOMATIC_PREDICTOR_KEY;
  const name = `judge:${encodeURIComponent(p.judgeName)}`;
  return p.promptVersion === null ? name : `${name}/${encodeURIComponent(p.promptVersion)}`;
}

/** The predictor's outcome on one episode: its stored automatic outcome, or the judge's own value on it (null: none). */
export function predictedOutcome(p: Predictor, episode: { id: string; autoOutcome: boolean | null }, judgeValues: ReadonlyMap<string, boolean>): boolean | null {
  return p.kind === "automatic" ? episode.autoOutcome : (judgeValues.get(episode.id) ?? null);
}

/** f: success 1; failure, or no outcome, 0. */
export function predictorValue(outcome: boolean | null): 0 | 1 {
  return outcome === true ? 1 : 0;
}

/** A requested predictor read against what is offered: absent is the automatic outcome; anything else must be an offered key. */
export function predictorChoiceSchema(options: readonly PredictorOption[]) {
  const byKey = new Map(options.map((o) => [o.key, o]));
  const offered = options.map((o) => o.key).join(", ");
  return z
    .string({ error: `predictor must be one key, one of: ${offered}` })
    .optional()
    .transform((key, ctx) => {
      const option = byKey.get(key ?? AUTOMATIC_PREDICTOR_KEY);
      if (!option) {
        ctx.addIssue({ code: "custom", message: `predictor "${key}" is not offered on this run; one of: ${offered}` });
        return z.NEVER;
      }
      return option;
    });
}
