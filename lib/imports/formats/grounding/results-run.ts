// The `meta.kind` of the evaluation run a grounding results file becomes: the writer checks
// the file's metrics block for runs of this kind once their predictions are written.
export const RESULTS_RUN_KIND = "grounding-results";
