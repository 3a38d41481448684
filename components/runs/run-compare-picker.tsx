// Which two runs to compare and how their tasks are matched: a plain GET form, so the
// comparison has an address that can be shared.
import type { CheckpointRun } from "@/lib/runs/checkpoints/checkpoint-accuracy";
import type { TaskMatch } from "@/lib/domain/estimates/task-key";
import { getT } from "@/lib/i18n/server";

type Props = { slug: string; runs: CheckpointRun[]; first: string | null; second: string | null; match: TaskMatch };

const select = "mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900";

export async function RunComparePicker({ slug, runs, first, second, match }: Props) {
  const { t } = await getT();
  const options = runs.map((r) => <option key={r.id} value={r.id}>{r.name} · {r.benchmark} · {t("runs.episodes", { episodes: r.episodes })}</option>);
  return (
    <form method="get" action={`/projects/${slug}/runs/compare`} aria-label={t("compare.form")} className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <label className="flex flex-col text-sm font-medium text-slate-700">{t("compare.first")}<select name="a" defaultValue={first ?? ""} className={select} required><option value="" disabled>{t("compare.choose")}</option>{options}</select></label>
      <label className="flex flex-col text-sm font-medium text-slate-700">{t("compare.second")}<select name="b" defaultValue={second ?? ""} className={select} required><option value="" disabled>{t("compare.choose")}</option>{options}</select></label>
      <label className="flex flex-col text-sm font-medium text-slate-700">
        {t("compare.matchBy")}
        <select name="match" defaultValue={match} className={select}>
          <option value="id">{t("compare.matchId")}</option>
          <option value="goal">{t("compare.matchGoal")}</option>
        </select>
      </label>
      <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">{t("compare.submit")}</button>
    </form>
  );
}
