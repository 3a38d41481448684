// The run's benchmark page: its title and the figures of its benchmark, original beside
// corrected, or why the run has none.
import type { loadBenchmark } from "@/lib/benchmarks/load-benchmark";
import { AndroidLabBenchmark } from "@/components/benchmarks/androidlab-benchmark";
import { OsworldBenchmark } from "@/components/benchmarks/osworld-benchmark";
import { ScreenSpotProBenchmark } from "@/components/benchmarks/screenspot-pro-benchmark";
import { WebVoyagerBenchmark } from "@/components/benchmarks/webvoyager-benchmark";
import { Empty } from "@/components/benchmarks/benchmark-parts";

type Props = {
  project: { id: string; slug: string };
  run: { id: string; name: string; benchmark: string; model: string | null };
  loaded: Awaited<ReturnType<typeof loadBenchmark>>;
};

const TITLES: Record<string, string> = { androidlab: "AndroidLab", osworld: "OSWorld", webvoyager: "WebVoyager", "screenspot-pro": "ScreenSpot-Pro" };

export function BenchmarkScreen({ project, run, loaded }: Props) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{loaded ? TITLES[loaded.benchmark] : run.benchmark} results of {run.name}</h1>
        <p className="text-sm text-slate-600">In the benchmark&apos;s own metrics and files: as its evaluator reported them, as Verity reproduces them from the import, and corrected by the verified answers.</p>
      </div>
      {!loaded && <Empty>Runs of {run.benchmark} have no benchmark files of their own: AndroidLab, OSWorld, WebVoyager and ScreenSpot-Pro results runs do. The run&apos;s corrected success rate is on its verification page.</Empty>}
      {loaded?.benchmark === "androidlab" && <AndroidLabBenchmark project={project} report={loaded.report} />}
      {loaded?.benchmark === "osworld" && <OsworldBenchmark project={project} report={loaded.report} />}
      {loaded?.benchmark === "webvoyager" && <WebVoyagerBenchmark project={project} report={loaded.report} />}
      {loaded?.benchmark === "screenspot-pro" && <ScreenSpotProBenchmark project={project} report={loaded.report} />}
    </div>
  );
}
