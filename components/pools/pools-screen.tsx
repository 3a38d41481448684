// The pools screen: every pool with what waits to be exported, its exports and snapshot
// history; admins also create, change and delete pools.
import Link from "next/link";
import { NewPoolForm } from "@/components/pools/pool-form";
import { PoolCard } from "@/components/pools/pool-card";
import type { PoolView } from "@/lib/pools/pool-overview";

type Props = {
  project: { id: string; slug: string; name: string };
  pools: PoolView[];
  isAdmin: boolean;
  poolRoots: string[];
  runs: { id: string; name: string }[];
};

export function PoolsScreen({ project, pools, isAdmin, poolRoots, runs }: Props) {
  return (
    <div className="space-y-8">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">Pools</h1>
        <p className="text-sm text-slate-600">
          Where verified data goes back to training. Each export writes the whole pool as a new read-only snapshot in its framework&apos;s layout (data files, images, the reward, a README with the launch command, <code className="font-mono">changes.jsonl</code> against the latest snapshot and a manifest with sha256 of every file), then moves <code className="font-mono">latest</code>, which always names a complete pool.
        </p>
      </div>
      {pools.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {isAdmin ? "No pools yet: create one below." : "No pools yet. An admin of this project creates them."}
        </p>
      ) : (
        <ul className="space-y-6" aria-label="Pools">
          {pools.map((pool) => (
            <li key={pool.id}>
              <PoolCard projectId={project.id} pool={pool} isAdmin={isAdmin} poolRoots={poolRoots} runs={runs} />
            </li>
          ))}
        </ul>
      )}
      {isAdmin && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">New pool</h2>
          <NewPoolForm projectId={project.id} poolRoots={poolRoots} runs={runs} />
        </section>
      )}
    </div>
  );
}
