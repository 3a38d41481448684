// Where a run sits in a series of checkpoints of one model: the `checkpoint` (or `step`) its
// import recorded in the run's meta, else the last number in its name ("venus-ckpt-1200",
// "step_300"), else nowhere (such runs go last, by name). Only for ordering a chart's x axis.
export type CheckpointOf = { label: string; order: number | null };

export function checkpointOf(run: { name: string; meta: unknown }): CheckpointOf {
  const meta = run.meta && typeof run.meta === "object" && !Array.isArray(run.meta) ? (run.meta as Record<string, unknown>) : {};
  for (const key of ["checkpoint", "step"]) {
    const value = meta[key];
    if (typeof value === "number" && Number.isFinite(value)) return { label: `${run.name}`, order: value };
    if (typeof value === "string" && /\d/.test(value)) return { label: run.name, order: Number(/(\d+(?:\.\d+)?)(?!.*\d)/.exec(value)![1]) };
  }
  const last = /(\d+(?:\.\d+)?)(?!.*\d)/.exec(run.name);
  return { label: run.name, order: last ? Number(last[1]) : null };
}

export function byCheckpoint<T extends { name: string; checkpoint: CheckpointOf }>(runs: readonly T[]): T[] {
  return [...runs].sort((a, b) => {
    if (a.checkpoint.order !== null && b.checkpoint.order !== null) return a.checkpoint.order - b.checkpoint.order || a.name.localeCompare(b.name);
    if (a.checkpoint.order !== null) return -1;
    if (b.checkpoint.order !== null) return 1;
    return a.name.localeCompare(b.name);
  });
}
