// Judge calibration across the project: per judge and prompt version, or split by benchmark or
// app (the tabs are links, so each view has its address). AgentRewardBench-style: precision
// first, each figure with its 95% interval, against the verified human outcomes.
import Link from "next/link";
import { JudgeCalibrationTable } from "@/components/runs/judge-calibration-table";
import type { CalibrationSplit, JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";

type Props = { slug: string; split: CalibrationSplit; rows: JudgeCalibration[] };

const TABS: [CalibrationSplit, string][] = [["judge", "Per judge and prompt"], ["benchmark", "By benchmark"], ["app", "By app"]];

export function CalibrationScreen({ slug, split, rows }: Props) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Judge calibration</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Each MLLM judge&apos;s own success/failure verdicts (before overrides, its latest per episode) against verified human outcomes. Precision is the share of the judge&apos;s successes that
          people confirmed; recall the share of verified successes it found; F1 their harmonic mean; κ the agreement beyond chance. &ldquo;Trusting it&rdquo; says how far its success rate is
          from the humans&apos; on the same episodes and how many stored GRPO advantages its verdicts would turn around.
        </p>
      </div>
      <nav aria-label="Split" className="flex gap-2 text-sm">
        {TABS.map(([key, label]) => (
          <Link key={key} href={`/projects/${slug}/calibration?by=${key}`} aria-current={split === key ? "page" : undefined}
            className={`rounded-md border px-3 py-1.5 ${split === key ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}>
            {label}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">No MLLM judge has given a trajectory a success or failure verdict in this project yet.</p>
      ) : (
        <JudgeCalibrationTable rows={rows} splitLabel={split === "benchmark" ? "Benchmark" : split === "app" ? "App" : undefined} />
      )}
    </div>
  );
}
