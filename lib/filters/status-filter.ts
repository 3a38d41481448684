// The review-status filter of the lists, as a condition on the item's lifecycle state.
import { ITEM_STATES } from "@/lib/domain/item-lifecycle";

const SETTLED = ["verified", "rejected"];

export function statusCondition(status: string | undefined): string | { in: string[] } | undefined {
  if (status === undefined) return undefined;
  if (status === "settled") return { in: SETTLED };
  if (status === "unsettled") return { in: ITEM_STATES.filter((s) => !SETTLED.includes(s)) };
  return status;
}
