// AndroidLab's test of whether a step changed the screen (evaluation/task.py L44-72 at
// THUDM/Android-Lab@373fc1d, compute_image_similarity): two screenshots, as decoded pixel
// arrays with their channels, agree on the share of values that are equal among those where
// either image is not 255 (pure white is left out, so a blank background does not make two
// screens look alike); more than 0.999 counts as "the screen did not change". Arrays of
// another shape cannot be compared (numpy raises, AndroidLab counts 0); two all-white images
// give 0/0, which is NaN in numpy and never above the threshold.
export const ANDROIDLAB_UNCHANGED_THRESHOLD = 0.999;

export type DecodedImage = { data: Uint8Array; width: number; height: number; channels: number };

export type ScreenAgreement =
  | { status: "compared"; agreement: number; isUnchanged: boolean }
  | { status: "size_differs" | "blank"; agreement: null; isUnchanged: false };

export function screenAgreement(a: DecodedImage, b: DecodedImage): ScreenAgreement {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels || a.data.length !== b.data.length) {
    return { status: "size_differs", agreement: null, isUnchanged: false };
  }
  let considered = 0;
  let matching = 0;
  const x = a.data;
  const y = b.data;
  for (let i = 0; i < x.length; i++) {
    const p = x[i]!;
    const q = y[i]!;
    if (p !== 255 || q !== 255) {
      considered += 1;
      if (p === q) matching += 1;
    }
  }
  if (considered === 0) return { status: "blank", agreement: null, isUnchanged: false };
  const agreement = matching / considered;
  return { status: "compared", agreement, isUnchanged: agreement > ANDROIDLAB_UNCHANGED_THRESHOLD };
}
