// "Queue these": from a list, the new-queue form prefilled with the list's whole filter (its
// order and page left out), for admins. The form names what it carried over.
import Link from "next/link";
import { toQueryString } from "@/lib/filters/search-params";
import { getT } from "@/lib/i18n/server";

type Props = { slug: string; itemType: "sample" | "trajectory"; filter: object };

export async function QueueTheseLink({ slug, itemType, filter }: Props) {
  const { after: _after, sort: _sort, dir: _dir, ...selection } = filter as Record<string, unknown>;
  const query = toQueryString({ itemType, ...selection });
  const { t } = await getT();
  return (
    <Link href={`/projects/${slug}/queues${query}#new-queue`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
      {t("list.queueThese")}
    </Link>
  );
}
