// Which work item an answer is about: a grounding sample or a trajectory.
export type ItemKey = { sampleId: string } | { trajectoryId: string };
export type ItemType = "sample" | "trajectory";

export const isSampleKey = (item: ItemKey): item is { sampleId: string } => "sampleId" in item;
export const itemTypeOf = (item: ItemKey): ItemType => (isSampleKey(item) ? "sample" : "trajectory");
export const itemIdOf = (item: ItemKey): string => (isSampleKey(item) ? item.sampleId : item.trajectoryId);
export const itemTable = (item: ItemKey) => (isSampleKey(item) ? ("GroundingSample" as const) : ("Trajectory" as const));
export const keyOf = (itemType: ItemType, id: string): ItemKey => (itemType === "sample" ? { sampleId: id } : { trajectoryId: id });
