import Link from "next/link";
import { roleLabel } from "@/lib/i18n/labels";
import { getT } from "@/lib/i18n/server";
import { projectCountsText } from "@/components/projects/count-words";

type ProjectCard = {
  slug: string;
  name: string;
  description: string;
  role: string | null;
  _count: { samples: number; trajectories: number; memberships: number };
};

export async function ProjectCards({ projects }: { projects: ProjectCard[] }) {
  const { t } = await getT();
  if (projects.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {t("projects.none")}
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p) => (
        <li key={p.slug}>
          <Link href={`/projects/${p.slug}`}
            className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-400">
            <div className="flex items-start justify-between gap-2">
              <h2 className="font-semibold">{p.name}</h2>
              {p.role && <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{roleLabel(t, p.role)}</span>}
            </div>
            {p.description && <p className="mt-1 text-sm text-slate-600">{p.description}</p>}
            <p className="mt-3 text-sm text-slate-500">
              {projectCountsText(t, { samples: p._count.samples, trajectories: p._count.trajectories, members: p._count.memberships })}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
