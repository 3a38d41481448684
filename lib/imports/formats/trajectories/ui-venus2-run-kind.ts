// The `meta.kind` of the evaluation run a UI-Venus-2 run file becomes: once its steps are
// written, the writer reads from their pixels and screenshots which grid the file used
// (lib/imports/write/grid-check.ts). Steps of such a run keep the model's grid points in
// `extra.grid` and the runner's pixels in `extra.actionPos`, pair by pair.
export const UI_VENUS2_RUN_KIND = "ui-venus-2-run";
