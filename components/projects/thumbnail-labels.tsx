"use client";
// The two words a sample thumbnail may print, in the reader's language. Client components of
// their own so SampleThumbnail stays usable from server and client components alike.
import { useT } from "@/components/i18n/i18n-provider";

export function ImageMissingLabel() {
  return <>{useT()("thumbnail.imageMissing")}</>;
}

export function TargetAbsentLabel() {
  return <>{useT()("thumbnail.targetAbsent")}</>;
}
