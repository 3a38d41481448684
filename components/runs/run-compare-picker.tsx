// Which two runs to compare and how their tasks are matched: a plain GET form, so the
// comparison has an address that can be shared.
import type { CheckpointRun } from "@/lib/runs/checkpoints/checkpoint-accuracy";
import type { TaskMatch } from "@/lib/domain/estimates/task-key";

type Props = { slug: string; runs: CheckpointRun[]; first: string | null; second: string | null; match: TaskMatch };

const select = "mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900";

export function RunComparePicker({ slug, runs, first, second, match }: Props) {
  const options = runs.map((r) => <option key={r.id} value={r.id}>{r.name} · {r.benchmark} · {r.episodes} episodes</option>);
  return (
    <form method="get" action={`/projects/${slug}/runs/compare`} aria-label="Runs to compare" className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <label className="flex flex-col text-sm font-medium text-slate-700">First run<select name="a" defaultValue={first ?? ""} className={select} required><option value="" disabled>choose…</option>{options}</select></label>
      <label className="flex flex-col text-sm font-medium text-slate-700">Second run<select name="b" defaultValue={second ?? ""} className={select} required><option value="" disabled>choose…</option>{options}</select></label>
      <label className="flex flex-col text-sm font-medium text-slate-700">
        Match tasks by
        <select name="match" defaultValue={match} className={select}>
          <option value="id">episode id, without the run&apos;s name</option>
          <option value="goal">goal text</option>
        </select>
      </label>
      <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">Compare</button>
    </form>
  );
}
