// A run's items, a page at a time: filtered by status and outcome (a GET form, so a filtered
// page can be linked), each linking to its sample or trajectory, with what was stored, how far
// the k samples agreed, the error of a failed one, and every reply as the model wrote it with
// what it was read as. A WebJudge item's replies go by question: the key points, then one line
// per screenshot (its score, whether it was kept and the reason the outcome question quoted),
// then the outcome replies.
import Link from "next/link";
import { FilterSelect } from "@/components/ui/filter-select";
import { ITEM_STATUS_STYLE, itemStatusLabel, outcomeLabel, parsedText, runErrorKindLabel } from "@/components/model-runs/run-labels";
import { formatNumber, formatPercent } from "@/lib/i18n/format";
import { toQueryString } from "@/lib/filters/search-params";
import { getT } from "@/lib/i18n/server";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { ITEM_STATUSES, type RunItemFilter, type RunItemsPage, type RunReply } from "@/lib/models/runs/list-run-items";

type Props = { slug: string; runId: string; filter: RunItemFilter; page: RunItemsPage };

// `n`: the reply's number among the item's sampled replies (the outcome ones, for WebJudge).
function ReplyEntry({ reply, n, t, locale }: { reply: RunReply; n: number; t: Translate; locale: Locale }) {
  const heading =
    reply.stage === "key_points" ? t("modelRuns.items.stageKeyPoints")
    : reply.stage === "screenshot" ? t("modelRuns.items.stageScreenshot", { step: (reply.step ?? 0) + 1 })
    : reply.stage === "outcome" ? t("modelRuns.items.stageOutcome", { n })
    : t("modelRuns.items.reply", { n });
  const read = t("modelRuns.items.parsed", { parsed: parsedText(t, locale, reply.parsed) });
  const finish = reply.finishReason && !(reply.stage === "screenshot" && reply.finishReason === "stop") && <span className="font-normal text-slate-500"> · {t("modelRuns.items.finish", { reason: reply.finishReason })}</span>;
  if (reply.stage === "screenshot") {
    const reason = typeof reply.parsed?.reasoning === "string" && reply.parsed.kept === true ? reply.parsed.reasoning : null;
    return (
      <li className="text-xs text-slate-700">
        <span className="font-medium">{heading}</span>{finish} · {read}
        {reason && <span className="block text-slate-600">{t("modelRuns.items.reason", { reason })}</span>}
      </li>
    );
  }
  return (
    <li className="space-y-1">
      <p className="text-xs font-medium text-slate-700">{heading}{finish}</p>
      <pre className="max-h-60 max-w-md overflow-auto rounded bg-slate-900 p-2 font-mono text-xs whitespace-pre-wrap text-slate-100">{reply.text || t("modelRuns.items.emptyReply")}</pre>
      <p className="text-xs text-slate-700">{read}</p>
    </li>
  );
}

const cell = "p-2 align-top";

export async function RunItems({ slug, runId, filter, page }: Props) {
  const { t, locale } = await getT();
  const n = (value: number) => formatNumber(locale, value);
  const base = `/projects/${slug}/models/runs/${runId}`;
  const keep = { status: filter.status, outcome: filter.outcome };
  return (
    <section aria-labelledby="run-items" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="run-items" className="text-lg font-semibold">{t("modelRuns.items.title")}</h2>
        <p className="text-sm text-slate-600" data-testid="run-item-counts">
          {t("modelRuns.items.counts", { done: n(page.byStatus.done), failed: n(page.byStatus.failed), pending: n(page.byStatus.pending) })}
        </p>
      </div>
      <form method="get" action={`${base}#run-items`} aria-label={t("modelRuns.items.filter")} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <FilterSelect name="status" label={t("modelRuns.items.status")} value={filter.status} options={ITEM_STATUSES.map((s): [string, string] => [s, itemStatusLabel(t, s)])} />
        <FilterSelect name="outcome" label={t("modelRuns.items.outcome")} value={filter.outcome} options={page.outcomes.map((o): [string, string] => [o, outcomeLabel(t, o)])} />
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">{t("modelRuns.items.show")}</button>
        <p className="text-sm text-slate-600">{t("modelRuns.items.matching", { count: n(page.matching) })}</p>
      </form>
      {page.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t("modelRuns.items.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm" aria-label={t("modelRuns.items.tableLabel")}>
            <thead className="bg-slate-50 text-left text-xs text-slate-600">
              <tr>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.items.col.number")}</th>
                <th scope="col" className={cell}>{t("modelRuns.items.col.item")}</th>
                <th scope="col" className={cell}>{t("modelRuns.items.col.status")}</th>
                <th scope="col" className={cell}>{t("modelRuns.items.col.outcome")}</th>
                <th scope="col" className={`${cell} text-right`}>{t("modelRuns.items.col.agreement")}</th>
                <th scope="col" className={cell}>{t("modelRuns.items.col.error")}</th>
                <th scope="col" className={cell}>{t("modelRuns.items.col.replies")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((item) => {
                const href = item.target.kind === "sample" ? `/projects/${slug}/samples/${item.target.id}` : `/projects/${slug}/trajectories/${item.target.id}`;
                return (
                  <tr key={item.id} data-testid="run-item">
                    <td className={`${cell} text-right tabular-nums text-slate-500`}>{n(item.ordinal + 1)}</td>
                    <td className={`${cell} max-w-xs`}>
                      {item.target.text === null ? (
                        <span className="text-slate-500">{item.target.id} {t("modelRuns.items.deleted")}</span>
                      ) : (
                        <Link href={href} className="line-clamp-2 text-blue-800 hover:underline" lang={item.target.language ?? undefined}>{item.target.text}</Link>
                      )}
                    </td>
                    <td className={cell}>
                      <span className={`rounded px-1.5 py-0.5 text-xs ${ITEM_STATUS_STYLE[item.status] ?? ITEM_STATUS_STYLE.pending}`}>{itemStatusLabel(t, item.status)}</span>
                    </td>
                    <td className={cell}>{item.outcome ? outcomeLabel(t, item.outcome) : ""}</td>
                    <td className={`${cell} text-right tabular-nums`}>{item.agreement === null ? "" : formatPercent(locale, item.agreement)}</td>
                    <td className={`${cell} max-w-sm`}>
                      {item.errorKind && (
                        <p>
                          <span className="font-medium text-red-800">{runErrorKindLabel(t, item.errorKind)}</span>
                          {item.error && <span className="break-words text-slate-700">: {item.error}</span>}
                        </p>
                      )}
                    </td>
                    <td className={`${cell} min-w-48`}>
                      {item.replies.length > 0 && (
                        <details>
                          <summary className="cursor-pointer text-blue-800">{t("modelRuns.items.repliesCount", { count: item.replies.length })}</summary>
                          <ol className="mt-2 space-y-2">
                            {item.replies.map((reply, i) => <ReplyEntry key={i} reply={reply} n={i + 1 - item.replies.filter((r) => r.stage !== null && r.stage !== "outcome").length} t={t} locale={locale} />)}
                          </ol>
                        </details>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav className="flex justify-between text-sm" aria-label={t("list.pages")}>
        {filter.after !== undefined ? <Link href={`${base}${toQueryString(keep)}#run-items`} className="text-blue-700 hover:underline">{t("list.firstPage")}</Link> : <span />}
        {page.nextAfter !== null && <Link href={`${base}${toQueryString({ ...keep, after: page.nextAfter })}#run-items`} className="text-blue-700 hover:underline">{t("list.nextPage")}</Link>}
      </nav>
    </section>
  );
}
