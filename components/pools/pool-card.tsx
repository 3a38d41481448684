// One pool: what it is and where it writes, what waits to be exported, its export buttons
// (admins) with the progress of the running export, and its snapshot history.
import { ExportControls } from "@/components/pools/export-controls";
import { EditPoolForm } from "@/components/pools/pool-form";
import { SnapshotHistory } from "@/components/pools/snapshot-history";
import { ActionForm } from "@/components/ui/action-form";
import { deletePoolAction } from "@/lib/actions/pools";
import { FORMAT_LABELS, KIND_LABELS, type PoolFormat } from "@/lib/pools/pool-definition";
import type { PoolView } from "@/lib/pools/pool-overview";

type Props = { projectId: string; pool: PoolView; isAdmin: boolean; poolRoots: string[]; runs: { id: string; name: string }[] };

export function PoolCard({ projectId, pool, isAdmin, poolRoots, runs }: Props) {
  const last = pool.snapshots.find((s) => s.status === "complete");
  const target = pool.targetType === "s3" ? pool.targetUri : `local:${pool.targetUri}`;
  return (
    <article className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" aria-label={`Pool ${pool.name}`}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{pool.name}</h2>
          <p className="text-sm text-slate-600">
            {KIND_LABELS[pool.kind]} · {FORMAT_LABELS[pool.format as PoolFormat] ?? pool.format}
            {pool.kind !== "evaluation" && <> · images {pool.imageMode === "copy" ? "copied" : "referenced"}</>}
            {pool.settings.dataSource && <> · data_source <code className="font-mono">{pool.settings.dataSource}</code></>}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-slate-700" title="Where snapshots are written">{target}</p>
        </div>
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-slate-600">Verified, not exported</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="pending">{pool.pending.toLocaleString("en")}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Last snapshot</dt>
            <dd className="tabular-nums">{last ? <>{last.rowCount.toLocaleString("en")} rows · {last.createdAt.slice(0, 16).replace("T", " ")}</> : "none yet"}</dd>
          </div>
        </dl>
      </header>

      {isAdmin && <ExportControls projectId={projectId} poolId={pool.id} poolName={pool.name} activeJobId={pool.activeJob?.id ?? null} pending={pool.pending} />}

      <section>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">Snapshots</h3>
        <SnapshotHistory projectId={projectId} poolId={pool.id} snapshots={pool.snapshots} />
      </section>

      {isAdmin && (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium">Change or delete this pool</summary>
          <div className="mt-3 space-y-4">
            <EditPoolForm projectId={projectId} poolId={pool.id} poolRoots={poolRoots} runs={runs}
              initial={{ name: pool.name, kind: pool.kind, format: pool.format, targetType: pool.targetType, targetUri: pool.targetUri, imageMode: pool.imageMode, settings: pool.settings }} />
            <ActionForm action={deletePoolAction} label={`Delete ${pool.name}`} submitLabel="Delete pool" variant="danger" className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3">
              <input type="hidden" name="projectId" value={projectId} />
              <input type="hidden" name="poolId" value={pool.id} />
              <span className="text-sm text-slate-600">Deleting forgets the pool and its history here; snapshots already written stay in the target.</span>
            </ActionForm>
          </div>
        </details>
      )}
    </article>
  );
}
