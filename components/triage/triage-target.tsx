// What the verdict is about: a trajectory's goal with its first and last screenshots (the
// final state is what a judge reads success from), or a sample's instruction on its image
// with the target box.
import Link from "next/link";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import type { TriageItemView } from "@/lib/triage/triage-item-view";

type Shot = { index: number; media: { id: string; width: number; height: number } | null } | null;

function Screenshot({ shot, label }: { shot: Shot; label: string }) {
  if (!shot) return null;
  return (
    <figure className="min-w-0 flex-1">
      <figcaption className="mb-1 text-xs text-slate-600">{label} (step {shot.index + 1})</figcaption>
      {shot.media ? (
        <img src={`/api/media/${shot.media.id}`} alt={`${label} screenshot`} width={shot.media.width} height={shot.media.height}
          className="block h-auto max-h-[28rem] w-auto max-w-full bg-slate-200 ring-1 ring-slate-300" />
      ) : (
        <div className="flex h-40 items-center justify-center bg-slate-100 text-xs text-slate-500">image missing</div>
      )}
    </figure>
  );
}

export function TriageTarget({ slug, target }: { slug: string; target: TriageItemView["target"] }) {
  if (target.kind === "trajectory") {
    const t = target.trajectory;
    return (
      <section aria-label="Trajectory" className="space-y-2">
        <p className="text-xs text-slate-500">
          Trajectory · {[t.benchmark, t.app, t.model].filter(Boolean).join(" · ") || "no source details"} · {t.stepCount} steps{t.agentClaimedFinish && " · agent claimed finish"}
        </p>
        <h2 className="text-lg font-semibold">{t.goal}</h2>
        <div className="flex flex-wrap gap-3">
          <Screenshot shot={t.first} label="First screen" />
          <Screenshot shot={t.last} label="Final screen" />
        </div>
        <Link href={`/projects/${slug}/trajectories/${t.id}`} className="text-sm text-blue-700 hover:underline">Open the full trajectory →</Link>
      </section>
    );
  }
  const s = target.sample;
  return (
    <section aria-label="Grounding sample" className="space-y-2">
      <p className="text-xs text-slate-500">Grounding sample · {s.status}</p>
      <h2 className="text-lg font-semibold">{s.instruction}</h2>
      <div className="max-w-xl overflow-hidden rounded ring-1 ring-slate-300"><SampleThumbnail sample={s} /></div>
      <Link href={`/projects/${slug}/samples/${s.id}`} className="text-sm text-blue-700 hover:underline">Open the sample →</Link>
    </section>
  );
}
