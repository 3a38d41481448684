// The project's honeypots for admins: the item, its known answer, who made it and when, how
// often it was answered right, and removal.
import Link from "next/link";
import { describeGroundingAnswer } from "@/components/adjudication/format-answer";
import { ActionForm } from "@/components/ui/action-form";
import { removeHoneypotAction } from "@/lib/actions/honeypots";
import { formatDate } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

type Row = {
  id: string;
  itemType: "sample" | "trajectory";
  itemId: string;
  title: string;
  expected: unknown;
  createdBy: string;
  createdAt: string;
  answered: { correct: number; total: number };
};

function expectedText(t: Translate, row: Row): string {
  const e = (row.expected ?? {}) as { targetAbsent?: boolean; box?: [number, number, number, number] | null; traceVerdict?: string | null };
  if (row.itemType === "sample") return describeGroundingAnswer({ targetAbsent: e.targetAbsent ?? false, box: e.box ?? null }, t);
  return t("honeypots.trace", { verdict: e.traceVerdict ?? t("standing.noVerdict") });
}

export async function HoneypotTable({ projectId, slug, rows }: { projectId: string; slug: string; rows: Row[] }) {
  const { t, locale } = await getT();
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        {t("honeypots.none")}
      </p>
    );
  }
  const th = "border-b border-slate-200 px-3 py-2 text-left font-semibold";
  const td = "border-b border-slate-100 px-3 py-2 align-middle";
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm" aria-label={t("queue.honeypots")}>
        <thead className="bg-slate-50">
          <tr><th className={th}>{t("queueItems.item")}</th><th className={th}>{t("honeypots.known")}</th><th className={th}>{t("honeypots.answeredRight")}</th><th className={th}>{t("honeypots.madeBy")}</th><th className={th}><span className="sr-only">{t("users.actions")}</span></th></tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={`${td} max-w-md`}>
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{row.itemType}</span>
                <Link href={`/projects/${slug}/${row.itemType === "sample" ? "samples" : "trajectories"}/${row.itemId}`} className="text-blue-800 hover:underline">{row.title || t("adjudication.untitled")}</Link>
              </td>
              <td className={`${td} font-mono text-xs`}>{expectedText(t, row)}</td>
              <td className={`${td} tabular-nums`}>{row.answered.total === 0 ? <span className="text-slate-500">{t("honeypots.notYet")}</span> : t("honeypots.correctOf", { correct: row.answered.correct, total: row.answered.total })}</td>
              <td className={`${td} text-slate-700`}>{row.createdBy}, {formatDate(locale, row.createdAt)}</td>
              <td className={`${td} text-right`}>
                <ActionForm action={removeHoneypotAction} label={t("honeypots.removeNamed", { title: row.title })} submitLabel={t("members.remove")} variant="danger" className="flex flex-wrap items-center justify-end gap-2">
                  <input type="hidden" name="projectId" value={projectId} />
                  <input type="hidden" name="honeypotId" value={row.id} />
                </ActionForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
