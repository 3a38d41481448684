import "server-only";
// The benchmark report of a run, whichever benchmark it is: for the run's benchmark page.
import type { Db } from "@/lib/db";
import { loadAndroidLabReport } from "@/lib/benchmarks/androidlab-report";
import { runBenchmark } from "@/lib/benchmarks/benchmark-files";
import { loadOsworldReport } from "@/lib/benchmarks/osworld-report";
import { loadScreenSpotProReport } from "@/lib/benchmarks/screenspot-pro-report";
import { loadWebVoyagerReport } from "@/lib/benchmarks/webvoyager-report";

export async function loadBenchmark(db: Db, projectId: string, runId: string) {
  const benchmark = await runBenchmark(db, projectId, runId);
  if (benchmark === "androidlab") return { benchmark, report: (await loadAndroidLabReport(db, projectId, runId))! } as const;
  if (benchmark === "osworld") return { benchmark, report: (await loadOsworldReport(db, projectId, runId))! } as const;
  if (benchmark === "webvoyager") return { benchmark, report: (await loadWebVoyagerReport(db, projectId, runId))! } as const;
  if (benchmark === "screenspot-pro") return { benchmark, report: (await loadScreenSpotProReport(db, projectId, runId))! } as const;
  return null;
}
