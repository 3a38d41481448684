// A queue's items awaiting adjudication, oldest in queue order first; each opens the
// side-by-side adjudication screen.
import Link from "next/link";
import type { AwaitingAdjudication } from "@/lib/queues/adjudication-list";
import { formatDateTime } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";

type Props = { base: string; items: AwaitingAdjudication[] };

export async function AdjudicationList({ base, items }: Props) {
  const { t, locale } = await getT();
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t("adjudication.none")}</p>;
  }
  return (
    <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t("adjudication.list")}>
      {items.map((item, i) => (
        <li key={item.id} className="flex flex-wrap items-center gap-4 p-3">
          <span className="w-6 text-right text-sm text-slate-500 tabular-nums">{i + 1}</span>
          <div className="min-w-0 flex-1">
            <Link href={`${base}/${item.id}`} className="font-medium text-blue-800 hover:underline">{item.title || t("adjudication.untitled")}</Link>
            <p className="text-sm text-slate-600">
              {item.kind} · {t("adjudication.answersFrom", { names: item.annotators.join(", ") || t("adjudication.nobody") })}
              {item.lastAnswerAt && <> · {t("adjudication.last", { at: formatDateTime(locale, item.lastAnswerAt) })}</>}
            </p>
          </div>
          <Link href={`${base}/${item.id}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">{t("adjudication.adjudicate")}</Link>
        </li>
      ))}
    </ol>
  );
}
