"use client";
// The "any" choice of a filter menu, in the reader's language. A client component of its
// own so that FilterSelect and sameOptions stay usable from server components.
import { useT } from "@/components/i18n/i18n-provider";

export function AnyOption() {
  return <option value="">{useT()("filter.any")}</option>;
}
