// A ScreenSpot-Pro results file's metrics block: the file's own figures beside the block
// recomputed from the stored correctness (after box corrections), section by section. A file
// without its block is compared with the block recomputed from its answers as it labelled them.
import type { MetricsBlock, ScreenSpotProReport } from "@/lib/benchmarks/screenspot-pro-report";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";
import { cell, Downloads, Empty, headClass, numberText, Section, tableClass } from "@/components/benchmarks/benchmark-parts";
import { getT } from "@/lib/i18n/server";

type Props = { project: { id: string; slug: string }; report: ScreenSpotProReport };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function rowsOf(block: MetricsBlock): [string, Record<string, number>][] {
  return Object.entries(block).flatMap(([section, value]) =>
    section === "overall" ? [["overall", value as Record<string, number>] as [string, Record<string, number>]] : Object.entries(value as Record<string, Record<string, number>>).map(([k, c]) => [`${section} ${k}`, c] as [string, Record<string, number>]),
  );
}

function statedCell(stated: unknown, name: string): Record<string, unknown> | null {
  if (!isObject(stated)) return null;
  if (name === "overall") return isObject(stated.overall) ? stated.overall : null;
  const [section, ...rest] = name.split(" ");
  const slice = stated[section!];
  return isObject(slice) && isObject(slice[rest.join(" ")]) ? (slice[rest.join(" ")] as Record<string, unknown>) : null;
}

export async function ScreenSpotProBenchmark({ project, report }: Props) {
  const { t, locale } = await getT();
  const num = numberText(locale);
  const rows = rowsOf(report.corrected);
  return (
    <div className="space-y-6">
      <Downloads projectId={project.id} runId={report.run.id} files={FILES_BY_BENCHMARK["screenspot-pro"]!} note={t("screenspot.filesNote", { verified: report.verifiedSamples })} />
      {report.reproducedFrom === "imported answers" && <Empty>{t("screenspot.noStated")}</Empty>}
      <Section title={t("screenspot.changed", { count: report.changed.length })} label={t("screenspot.changedLabel")}>
        {report.changed.length === 0 ? <Empty>{t("screenspot.noneChanged")}</Empty> : (
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-white p-3 text-sm" data-testid="screenspot-changed">
            {report.changed.map((c) => <li key={c.sampleId}>{c.instruction} <span className="text-slate-600">({c.sourceId})</span>: {c.file} → {c.now}</li>)}
          </ul>
        )}
      </Section>
      <Section title={t("screenspot.metrics")}>
        <table className={tableClass} data-testid="screenspot-metrics">
          <thead className={headClass}><tr><th className="p-2">{t("screenspot.slice")}</th>{["num_total", "num_correct_action", "wrong_format_num", "action_acc", "text_acc", "icon_acc"].map((f) => <th key={f} className="p-2">{f}</th>)}</tr></thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(([name, c]) => {
              const s = statedCell(report.reproduced, name);
              return (
                <tr key={name} data-slice={name}>
                  <td className="p-2 font-mono text-xs">{name}</td>
                  {["num_total", "num_correct_action", "wrong_format_num", "action_acc", "text_acc", "icon_acc"].map((f) => {
                    const was = typeof s?.[f] === "number" ? (s[f] as number) : null;
                    const moved = was !== null && Math.abs(was - c[f]!) > 1e-9;
                    return <td key={f} className={`${cell} ${moved ? "bg-amber-50 font-semibold" : ""}`}>{moved ? `${num(was)} → ${num(c[f])}` : num(c[f])}</td>;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
