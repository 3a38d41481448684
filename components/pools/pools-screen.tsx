// The pools screen: every pool with what waits to be exported, its exports and snapshot
// history; admins also create, change and delete pools.
import Link from "next/link";
import { NewPoolForm } from "@/components/pools/pool-form";
import { PoolCard } from "@/components/pools/pool-card";
import type { PoolView } from "@/lib/pools/pool-overview";
import { getT } from "@/lib/i18n/server";

type Props = {
  project: { id: string; slug: string; name: string };
  pools: PoolView[];
  isAdmin: boolean;
  poolRoots: string[];
  runs: { id: string; name: string }[];
};

export async function PoolsScreen({ project, pools, isAdmin, poolRoots, runs }: Props) {
  const { t } = await getT();
  const code = (text: string) => <code className="font-mono">{text}</code>;
  return (
    <div className="space-y-8">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("pools.title")}</h1>
        <p className="text-sm text-slate-600">
          {t("pools.introBefore")}{code("changes.jsonl")}{t("pools.introMiddle")}{code("latest")}{t("pools.introAfter")}
        </p>
      </div>
      {pools.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {isAdmin ? t("pools.noneAdmin") : t("pools.none")}
        </p>
      ) : (
        <ul className="space-y-6" aria-label={t("pools.title")}>
          {pools.map((pool) => (
            <li key={pool.id}>
              <PoolCard projectId={project.id} pool={pool} isAdmin={isAdmin} poolRoots={poolRoots} runs={runs} />
            </li>
          ))}
        </ul>
      )}
      {isAdmin && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">{t("pools.new")}</h2>
          <NewPoolForm projectId={project.id} poolRoots={poolRoots} runs={runs} />
        </section>
      )}
    </div>
  );
}
