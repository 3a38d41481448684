// "Run a model on these N": from a list, the launch form of a model run with the list's whole
// filter (its order and page left out), for admins.
import Link from "next/link";
import { toQueryString } from "@/lib/filters/search-params";
import { getT } from "@/lib/i18n/server";

type Props = { slug: string; items: "samples" | "trajectories"; filter: object; count: string };

export async function RunModelLink({ slug, items, filter, count }: Props) {
  const { after: _after, sort: _sort, dir: _dir, ...selection } = filter as Record<string, unknown>;
  const { t } = await getT();
  return (
    <Link href={`/projects/${slug}/models/runs/new${toQueryString({ items, ...selection })}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
      {t("modelRuns.runOnThese", { count })}
    </Link>
  );
}
