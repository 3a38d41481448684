"use client";

import { useParams, useRouter } from "next/navigation";
import { useT } from "@/components/i18n/i18n-provider";

export function ProjectSwitcher({ projects }: { projects: { slug: string; name: string }[] }) {
  const router = useRouter();
  const t = useT();
  const params = useParams<{ slug?: string }>();
  if (projects.length === 0) return null;
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span className="sr-only">{t("shell.project")}</span>
      <select
        aria-label={t("shell.switchProject")}
        value={params?.slug ?? ""}
        onChange={(event) => event.target.value && router.push(`/projects/${event.target.value}`)}
        className="max-w-64 rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900"
      >
        <option value="">{t("shell.chooseProject")}</option>
        {projects.map((p) => (
          <option key={p.slug} value={p.slug}>{p.name}</option>
        ))}
      </select>
    </label>
  );
}
