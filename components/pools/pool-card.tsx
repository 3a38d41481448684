// One pool: what it is (kind, framework, images, coordinates, prompt, selection) and where it
// writes, what was verified since its last snapshot, its export buttons (admins), the preview
// of its next rows and the comparison with its latest snapshot, and its snapshot history.
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import { ExportControls } from "@/components/pools/export-controls";
import { PoolInspect } from "@/components/pools/pool-inspect";
import { EditPoolForm } from "@/components/pools/pool-form";
import { SnapshotHistory } from "@/components/pools/snapshot-history";
import { ActionForm } from "@/components/ui/action-form";
import { deletePoolAction } from "@/lib/actions/pools";
import { describeFiltersIn, imageModeLabel, kindLabel, profileLabel, templateLabel } from "@/components/pools/pool-labels";
import type { PoolView } from "@/lib/pools/pool-overview";

type Props = { projectId: string; pool: PoolView; isAdmin: boolean; poolRoots: string[]; runs: { id: string; name: string }[] };

export async function PoolCard({ projectId, pool, isAdmin, poolRoots, runs }: Props) {
  const { t, locale } = await getT();
  const last = pool.snapshots.find((s) => s.status === "complete");
  const target = pool.targetType === "s3" ? pool.targetUri : `local:${pool.targetUri}`;
  const filters = describeFiltersIn(t, pool.settings.filters);
  return (
    <article className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" aria-label={t("pools.card", { name: pool.name })}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold">{pool.name}</h2>
          <p className="text-sm text-slate-600">
            {kindLabel(t, pool.kind)} · {profileLabel(t, pool.profile)}
            {pool.kind !== "evaluation" && <> · {t("pools.images", { mode: imageModeLabel(t, pool.imageMode) })}</>}
            {pool.settings.dataSource && <> · data_source <code className="font-mono">{pool.settings.dataSource}</code></>}
            {pool.settings.swiftObjects && <> · {t("pools.swiftObjects")}</>}
            {pool.settings.historyThoughts === "omit" && <> · {t("pools.historyThoughtsOmitted")}</>}
          </p>
          {pool.style && (
            <p className="text-sm text-slate-600" data-testid="pool-style">
              {t("pools.coordinates")} <code className="font-mono">{pool.style.convention}</code>
              {pool.kind === "grounding" || pool.kind === "mid_training" ? <>{t("pools.answerA", { target: pool.style.target === "point" ? t("pools.targetPointWord") : pool.style.target === "box" ? t("pools.targetBoxWord") : pool.style.target })}</> : null} · {t("pools.prompt", { template: templateLabel(t, pool.style.template) })}
            </p>
          )}
          <p className="text-sm text-slate-600">{t("pools.selects", { filters: filters.length ? filters.join(" · ") : t("pools.everyVerified") })}</p>
          <p className="break-all font-mono text-xs text-slate-700" title={t("pools.targetTitle")}>{target}</p>
        </div>
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-slate-600">{t("pools.verifiedSince")}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="pending">{formatNumber(locale, pool.verifiedSinceLast)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("pools.latestSnapshot")}</dt>
            <dd className="tabular-nums">{last ? <>{t("pools.rows", { rows: formatNumber(locale, last.rowCount) })} · {formatDateTime(locale, last.createdAt)}</> : t("pools.noneYet")}</dd>
          </div>
        </dl>
      </header>

      {isAdmin && <ExportControls projectId={projectId} poolId={pool.id} poolName={pool.name} activeJobId={pool.activeJob?.id ?? null} hasBase={pool.latestSnapshotId !== null} />}

      <PoolInspect projectId={projectId} poolId={pool.id} poolName={pool.name} hasLatest={pool.latestSnapshotId !== null} />

      <section>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">{t("pools.snapshots")}</h3>
        <SnapshotHistory projectId={projectId} poolId={pool.id} snapshots={pool.snapshots} />
      </section>

      {isAdmin && (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium">{t("pools.changeOrDelete")}</summary>
          <div className="mt-3 space-y-4">
            <EditPoolForm projectId={projectId} poolId={pool.id} poolRoots={poolRoots} runs={runs}
              initial={{ name: pool.name, kind: pool.kind, profile: pool.profile, targetType: pool.targetType, targetUri: pool.targetUri, imageMode: pool.imageMode, settings: pool.settings }} />
            <ActionForm action={deletePoolAction} label={t("pools.deleteForm", { name: pool.name })} submitLabel={t("pools.delete")} variant="danger" className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3">
              <input type="hidden" name="projectId" value={projectId} />
              <input type="hidden" name="poolId" value={pool.id} />
              <span className="text-sm text-slate-600">{t("pools.deleteNote")}</span>
            </ActionForm>
          </div>
        </details>
      )}
    </article>
  );
}
