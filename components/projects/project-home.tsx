import Link from "next/link";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import type { ProjectOverview } from "@/lib/projects/overview";

type Props = {
  project: { slug: string; name: string; description: string };
  role: string;
  overview: ProjectOverview;
};

function Figure({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value.toLocaleString("en")}</dd>
      {detail && <dd className="text-xs text-slate-500">{detail}</dd>}
    </div>
  );
}

export function ProjectHome({ project, role, overview }: Props) {
  const canAdmin = role === "admin" || role === "owner";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{project.name}</h1>
          {project.description && <p className="mt-1 text-slate-600">{project.description}</p>}
          <p className="mt-1 text-sm text-slate-500">Your role: {role}</p>
        </div>
        {canAdmin && (
          <nav className="flex gap-2" aria-label="Project administration">
            <Link href={`/projects/${project.slug}/import`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              Import
            </Link>
            <Link href={`/projects/${project.slug}/members`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              Members
            </Link>
            <Link href={`/projects/${project.slug}/tokens`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              API tokens
            </Link>
            <Link href={`/projects/${project.slug}/settings`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              Settings
            </Link>
            <Link href={`/projects/${project.slug}/audit`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              Audit log
            </Link>
          </nav>
        )}
      </div>

      <nav aria-label="Work" className="flex flex-wrap gap-3">
        <Link href={`/projects/${project.slug}/samples`} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
          Review grounding samples
        </Link>
        <Link href={`/projects/${project.slug}/trajectories`} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
          Review trajectories
        </Link>
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/dashboard`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
            Dashboard
          </Link>
        )}
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/triage`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
            Triage
          </Link>
        )}
        <Link href={`/projects/${project.slug}/queues`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          Queues
        </Link>
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/pools`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
            Pools
          </Link>
        )}
      </nav>

      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Figure label="Grounding samples" value={overview.samples} detail={[overview.samplesVerified !== null && `${overview.samplesVerified.toLocaleString("en")} verified`, `${overview.imagesMissing.toLocaleString("en")} image missing`].filter(Boolean).join(" · ")} />
        <Figure label="Trajectories" value={overview.trajectories} detail={overview.trajectoriesVerified !== null ? `${overview.trajectoriesVerified.toLocaleString("en")} verified` : undefined} />
        <Figure label="Steps" value={overview.steps} />
        <Figure label="Members" value={overview.members} />
      </dl>

      <section>
        <h2 className="mb-3 text-lg font-semibold">Latest grounding samples</h2>
        {overview.recentSamples.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">No samples yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {overview.recentSamples.map((sample) => (
              <li key={sample.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
                <SampleThumbnail sample={sample} />
                <p className="p-2 text-sm" lang={sample.language ?? undefined}>{sample.instruction}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <section>
          <h2 className="mb-3 text-lg font-semibold">Evaluation runs</h2>
          {overview.runs.length === 0 ? (
            <p className="text-slate-600">No evaluation runs yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {overview.runs.map((run) => (
                <li key={run.id} className="flex justify-between gap-2 p-3 text-sm">
                  {role === "annotator" ? (
                    <Link href={`/projects/${project.slug}/trajectories?run=${run.id}`} className="font-medium text-blue-800 hover:underline">{run.name}</Link>
                  ) : (
                    <Link href={`/projects/${project.slug}/runs/${run.id}`} className="font-medium text-blue-800 hover:underline">{run.name}</Link>
                  )}
                  <span className="text-slate-600">{run.benchmark} · {run.model ?? "unknown model"} · {run._count.trajectories} episodes</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h2 className="mb-3 text-lg font-semibold">{role === "annotator" ? "Your recent activity" : "Recent activity"}</h2>
          {overview.recentAudit.length === 0 ? (
            <p className="text-slate-600">Nothing has happened here yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
              {overview.recentAudit.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-2 p-3">
                  <span><span className="font-medium">{entry.user?.name ?? "system"}</span> {entry.action}</span>
                  <time className="text-slate-500" dateTime={entry.createdAt.toISOString()}>{entry.createdAt.toISOString().slice(0, 16).replace("T", " ")}</time>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
