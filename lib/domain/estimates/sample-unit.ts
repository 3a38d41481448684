// One episode of a verification sample's population, as the estimates read it: its stratum,
// whether the draw took it, the predictor's outcome and the human outcome of its verified final
// answer (sample-estimate.ts, sample-rogan-gladen.ts; a file of its own so that neither of the
// two imports the other's types). Pure.

/** `automatic` is the predictor's outcome on the episode (the stored automatic outcome unless a judge was chosen). */
export type SampleUnit = { stratumKey: string; drawn: boolean; automatic: boolean | null; human: boolean | null };
