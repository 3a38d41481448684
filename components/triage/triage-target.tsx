// What the verdict is about: a trajectory's goal with its first and last screenshots (the
// final state is what a judge reads success from), one step of it with the screen its action
// was taken on (a step-level judge's verdict), or a sample's instruction on its image with the
// target box.
"use client";
import Link from "next/link";
import { useT } from "@/components/i18n/i18n-provider";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import { itemStateLabel } from "@/lib/i18n/labels";
import type { TriageItemView } from "@/lib/triage/triage-item-view";

type Shot = { index: number; media: { id: string; width: number; height: number } | null } | null;

function Screenshot({ shot, label }: { shot: Shot; label: string }) {
  const t = useT();
  if (!shot) return null;
  return (
    <figure className="min-w-0 flex-1">
      <figcaption className="mb-1 text-xs text-slate-600">{t("triageTarget.shot", { label, step: shot.index + 1 })}</figcaption>
      {shot.media ? (
        <img src={`/api/media/${shot.media.id}`} alt={t("triageTarget.screenshotOf", { label })} width={shot.media.width} height={shot.media.height}
          className="block h-auto max-h-[28rem] w-auto max-w-full bg-slate-200 ring-1 ring-slate-300" />
      ) : (
        <div className="flex h-40 items-center justify-center bg-slate-100 text-xs text-slate-500">{t("triageTarget.imageMissing")}</div>
      )}
    </figure>
  );
}

export function TriageTarget({ slug, target }: { slug: string; target: TriageItemView["target"] }) {
  const t = useT();
  if (target.kind === "trajectory") {
    const tr = target.trajectory;
    return (
      <section aria-label={t("triageTarget.trajectory")} className="space-y-2">
        <p className="text-xs text-slate-500">
          {t("triageTarget.trajectory")} · {[tr.benchmark, tr.app, tr.model].filter(Boolean).join(" · ") || t("triageTarget.noSource")} · {tr.stepCount === 1 ? t("imports.n.stepOne") : t("imports.n.stepMany", { count: tr.stepCount })}{tr.agentClaimedFinish && t("triageTarget.claimedFinish")}
        </p>
        <h2 className="text-lg font-semibold">{tr.goal}</h2>
        <div className="flex flex-wrap gap-3">
          <Screenshot shot={tr.first} label={t("triageTarget.firstScreen")} />
          <Screenshot shot={tr.last} label={t("triageTarget.finalScreen")} />
        </div>
        <Link href={`/projects/${slug}/trajectories/${tr.id}`} className="text-sm text-blue-700 hover:underline">{t("triageTarget.openTrajectory")}</Link>
      </section>
    );
  }
  if (target.kind === "step") {
    const tr = target.trajectory;
    const step = target.step;
    return (
      <section aria-label={t("triageTarget.step")} className="space-y-2">
        <p className="text-xs text-slate-500">
          {t("triageTarget.stepOf", { step: step.index + 1, steps: tr.stepCount })} · {[tr.benchmark, tr.app, tr.model].filter(Boolean).join(" · ") || t("triageTarget.noSource")}{step.actionType && ` · ${step.actionType}`}
        </p>
        <h2 className="text-lg font-semibold">{tr.goal}</h2>
        <div className="flex flex-wrap gap-3">
          <Screenshot shot={{ index: step.index, media: step.media }} label={t("triageTarget.stepScreen")} />
        </div>
        <Link href={`/projects/${slug}/trajectories/${tr.id}`} className="text-sm text-blue-700 hover:underline">{t("triageTarget.openTrajectory")}</Link>
      </section>
    );
  }
  const s = target.sample;
  return (
    <section aria-label={t("triageTarget.sample")} className="space-y-2">
      <p className="text-xs text-slate-500">{t("triageTarget.sample")} · {itemStateLabel(t, s.status)}</p>
      <h2 className="text-lg font-semibold">{s.instruction}</h2>
      <div className="max-w-xl overflow-hidden rounded ring-1 ring-slate-300"><SampleThumbnail sample={s} /></div>
      <Link href={`/projects/${slug}/samples/${s.id}`} className="text-sm text-blue-700 hover:underline">{t("triageTarget.openSample")}</Link>
    </section>
  );
}
