import Link from "next/link";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import type { ProjectOverview } from "@/lib/projects/overview";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import { roleLabel } from "@/lib/i18n/labels";
import type { Locale } from "@/lib/i18n/locales";
import { getT } from "@/lib/i18n/server";
import { imagesMissingText, runContentsText } from "@/components/projects/count-words";

type Props = {
  project: { slug: string; name: string; description: string };
  role: string;
  overview: ProjectOverview;
};

function Figure({ locale, label, value, detail }: { locale: Locale; label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatNumber(locale, value)}</dd>
      {detail && <dd className="text-xs text-slate-500">{detail}</dd>}
    </div>
  );
}

export async function ProjectHome({ project, role, overview }: Props) {
  const { t, locale } = await getT();
  const canAdmin = role === "admin" || role === "owner";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{project.name}</h1>
          {project.description && <p className="mt-1 text-slate-600">{project.description}</p>}
          <p className="mt-1 text-sm text-slate-500">{t("project.yourRole", { role: roleLabel(t, role) })}</p>
        </div>
        {canAdmin && (
          <nav className="flex flex-wrap gap-2" aria-label={t("project.administration")}>
            <Link href={`/projects/${project.slug}/import`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("project.import")}
            </Link>
            <Link href={`/projects/${project.slug}/members`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("queue.members")}
            </Link>
            <Link href={`/projects/${project.slug}/tokens`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("project.tokens")}
            </Link>
            <Link href={`/projects/${project.slug}/models`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("project.models")}
            </Link>
            <Link href={`/projects/${project.slug}/settings`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("project.settings")}
            </Link>
            <Link href={`/projects/${project.slug}/audit`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("project.audit")}
            </Link>
          </nav>
        )}
      </div>

      <nav aria-label={t("project.work")} className="flex flex-wrap gap-3">
        <Link href={`/projects/${project.slug}/samples`} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
          {t("project.reviewSamples")}
        </Link>
        <Link href={`/projects/${project.slug}/trajectories`} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
          {t("project.reviewTrajectories")}
        </Link>
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/models/runs`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
            {t("modelRuns.title")}
          </Link>
        )}
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/dashboard`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
            {t("project.dashboard")}
          </Link>
        )}
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/triage`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50">
            {t("project.triage")}
          </Link>
        )}
        <Link href={`/projects/${project.slug}/queues`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          {t("queues.title")}
        </Link>
        {role !== "annotator" && (
          <Link href={`/projects/${project.slug}/pools`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
            {t("project.pools")}
          </Link>
        )}
      </nav>

      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Figure locale={locale} label={t("samples.title")} value={overview.samples} detail={[overview.samplesVerified !== null && t("queues.verifiedCount", { count: overview.samplesVerified }), imagesMissingText(t, overview.imagesMissing)].filter(Boolean).join(" · ")} />
        <Figure locale={locale} label={t("project.trajectories")} value={overview.trajectories} detail={overview.trajectoriesVerified !== null ? t("queues.verifiedCount", { count: overview.trajectoriesVerified }) : undefined} />
        <Figure locale={locale} label={t("project.steps")} value={overview.steps} />
        <Figure locale={locale} label={t("queue.members")} value={overview.members} />
      </dl>

      <section>
        <h2 className="mb-3 text-lg font-semibold">{t("project.latestSamples")}</h2>
        {overview.recentSamples.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t("project.noSamples")}</p>
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
        {/* Annotators review blind: which model and benchmark a run is, and how it scored, are
            reviewers' business (the runs pages are theirs too). */}
        {role !== "annotator" && <section>
          <h2 className="mb-3 text-lg font-semibold">{t("project.runs")}</h2>
          {overview.runs.length === 0 ? (
            <p className="text-slate-600">{t("project.noRuns")}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {overview.runs.map((run) => (
                <li key={run.id} className="flex justify-between gap-2 p-3 text-sm">
                  <Link href={`/projects/${project.slug}/runs/${run.id}`} className="font-medium text-blue-800 hover:underline">{run.name}</Link>
                  <span className="text-slate-600">{run.benchmark} · {run.model ?? t("project.unknownModel")} · {runContentsText(t, { episodes: run._count.trajectories, answers: run.answers })}</span>
                </li>
              ))}
            </ul>
          )}
        </section>}
        <section>
          <h2 className="mb-3 text-lg font-semibold">{role === "annotator" ? t("project.yourActivity") : t("project.activity")}</h2>
          {overview.recentAudit.length === 0 ? (
            <p className="text-slate-600">{t("project.noActivity")}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
              {overview.recentAudit.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-2 p-3">
                  <span><span className="font-medium">{entry.user?.name ?? t("project.system")}</span> {entry.action}</span>
                  <time className="text-slate-500" dateTime={entry.createdAt.toISOString()}>{formatDateTime(locale, entry.createdAt)}</time>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
