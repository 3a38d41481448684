"use client";
// "Queue N selected": the new-queue form with the hand-picked rows (their ids in page order in
// the URL; the queues page validates them and the action checks each is the project's).
import Link from "next/link";
import { useT } from "@/components/i18n/i18n-provider";
import { useRowSelection } from "@/components/selection/row-selection";

export function QueueSelectedLink({ slug, itemType }: { slug: string; itemType: "sample" | "trajectory" }) {
  const t = useT();
  const { ids, selected } = useRowSelection();
  const picked = ids.filter((id) => selected.has(id));
  if (picked.length === 0) return <span className="rounded-md border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-500">{t("selection.none")}</span>;
  const query = new URLSearchParams({ itemType, ids: picked.join(",") });
  return (
    <Link href={`/projects/${slug}/queues?${query}#new-queue`} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">
      {t("selection.queue", { count: picked.length })}
    </Link>
  );
}
