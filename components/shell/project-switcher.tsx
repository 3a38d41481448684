"use client";

import { useParams, useRouter } from "next/navigation";

export function ProjectSwitcher({ projects }: { projects: { slug: string; name: string }[] }) {
  const router = useRouter();
  const params = useParams<{ slug?: string }>();
  if (projects.length === 0) return null;
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span className="sr-only">Project</span>
      <select
        aria-label="Switch project"
        value={params.slug ?? ""}
        onChange={(event) => event.target.value && router.push(`/projects/${event.target.value}`)}
        className="max-w-64 rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900"
      >
        <option value="">Choose a project…</option>
        {projects.map((p) => (
          <option key={p.slug} value={p.slug}>{p.name}</option>
        ))}
      </select>
    </label>
  );
}
