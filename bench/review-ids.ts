// The ids of the review benchmark's items (bench/review-seed.ts), in list order (id order).
export const reviewSampleId = (i: number) => `s${i.toString(36).padStart(9, "0")}rv`;
export const reviewTrajectoryId = (i: number) => `t${i.toString(36).padStart(9, "0")}rv`;
