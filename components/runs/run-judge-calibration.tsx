// The run page's judge calibration: each MLLM judge that gave this run's episodes a boolean
// verdict, against the verified ones (lib/runs/calibration/judge-calibration.ts), and what
// trusting it would do to the run's rate, beside the sampled estimate when there is one.
import Link from "next/link";
import { JudgeCalibrationTable } from "@/components/runs/judge-calibration-table";
import type { JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";

type Props = { slug: string; rows: JudgeCalibration[]; corrected: number | null };

export function RunJudgeCalibration({ slug, rows, corrected }: Props) {
  return (
    <section aria-label="Judge calibration" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Judge calibration</h2>
        <Link href={`/projects/${slug}/calibration`} className="text-sm text-blue-700 hover:underline">Across the project, by benchmark and app →</Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No MLLM judge gave a success or failure verdict on this run&apos;s episodes.</p>
      ) : (
        <>
          <p className="max-w-3xl text-sm text-slate-600">
            The judge&apos;s own verdicts (before any override) against every verified episode of the run, with 95% intervals. When the verified episodes were picked because of what the judge said
            (a stratified sample, triage), recall, F1 and κ lean towards what was picked; precision does not.
          </p>
          <JudgeCalibrationTable rows={rows} corrected={corrected === null ? null : { rate: corrected, label: "Sampled estimate" }} />
        </>
      )}
    </section>
  );
}
