// Shown instead of the editing screen when an item no longer awaits adjudication: how it was
// settled, and the way on.
import Link from "next/link";

type Props = {
  state: { status: string; resolution: string | null; resolvedBy: string | null; resolvedAt: string | null };
  listHref: string;
};

const NOT_AWAITING: Record<string, string> = {
  open: "it is still collecting its annotators' answers",
  full: "its one answer waits for an ordinary review on the item's own page",
};

export function AdjudicationSettled({ state, listHref }: Props) {
  const how =
    state.status !== "verified"
      ? `This item does not await adjudication: ${NOT_AWAITING[state.status] ?? `it is ${state.status}`}.`
      : `This item was resolved ${state.resolution === "consensus" ? "by consensus" : `by ${state.resolvedBy ?? "a reviewer"}`}${state.resolvedAt ? ` at ${state.resolvedAt.slice(0, 16).replace("T", " ")} UTC` : ""}.`;
  return (
    <div role="status" className="space-y-2 rounded-lg border border-slate-200 bg-white p-6">
      <p className="text-slate-800">{how}</p>
      <Link href={listHref} className="font-medium text-blue-800 hover:underline">Back to the items awaiting adjudication</Link>
    </div>
  );
}
