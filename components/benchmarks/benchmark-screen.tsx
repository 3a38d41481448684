// The run's benchmark page: its title and the figures of its benchmark, original beside
// corrected, or why the run has none.
import type { loadBenchmark } from "@/lib/benchmarks/load-benchmark";
import { AndroidLabBenchmark } from "@/components/benchmarks/androidlab-benchmark";
import { OsworldBenchmark } from "@/components/benchmarks/osworld-benchmark";
import { ScreenSpotProBenchmark } from "@/components/benchmarks/screenspot-pro-benchmark";
import { WebVoyagerBenchmark } from "@/components/benchmarks/webvoyager-benchmark";
import { Empty } from "@/components/benchmarks/benchmark-parts";
import { getT } from "@/lib/i18n/server";

type Props = {
  project: { id: string; slug: string };
  run: { id: string; name: string; benchmark: string; model: string | null };
  loaded: Awaited<ReturnType<typeof loadBenchmark>>;
};

const TITLES: Record<string, string> = { androidlab: "AndroidLab", osworld: "OSWorld", webvoyager: "WebVoyager", "screenspot-pro": "ScreenSpot-Pro" };

export async function BenchmarkScreen({ project, run, loaded }: Props) {
  const { t } = await getT();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("benchmark.heading", { benchmark: loaded ? TITLES[loaded.benchmark]! : run.benchmark, run: run.name })}</h1>
        <p className="text-sm text-slate-600">{t("benchmark.intro")}</p>
      </div>
      {!loaded && <Empty>{t("benchmark.noFiles", { benchmark: run.benchmark })}</Empty>}
      {loaded?.benchmark === "androidlab" && <AndroidLabBenchmark project={project} report={loaded.report} />}
      {loaded?.benchmark === "osworld" && <OsworldBenchmark project={project} report={loaded.report} />}
      {loaded?.benchmark === "webvoyager" && <WebVoyagerBenchmark project={project} report={loaded.report} />}
      {loaded?.benchmark === "screenspot-pro" && <ScreenSpotProBenchmark project={project} report={loaded.report} />}
    </div>
  );
}
