"use client";
// The model connections screen of a project's admins: what the connections are for, a form to add
// one, and each saved connection with its test, edit and delete.
import Link from "next/link";
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { ConnectionCard } from "@/components/models/connection-card";
import { ConnectionFields } from "@/components/models/connection-fields";
import type { TestTarget } from "@/components/models/connection-test-result";
import { ActionForm } from "@/components/ui/action-form";
import { createModelConnectionAction } from "@/lib/actions/model-connections";
import type { ConnectionView } from "@/lib/models/connections/connections";

type Props = { project: { id: string; slug: string; name: string }; connections: ConnectionView[]; testTarget: TestTarget };

export function ConnectionManager({ project, connections, testTarget }: Props) {
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-8">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("project.models")}</h1>
        <p className="text-sm text-slate-600">{t("models.intro")} {t("models.keyNote")}</p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">{t("models.new")}</h2>
        <ActionForm action={createModelConnectionAction} label={t("models.new")} submitLabel={t("models.create")} className="space-y-4">
          <input type="hidden" name="projectId" value={project.id} />
          <ConnectionFields />
        </ActionForm>
      </section>
      <section aria-label={t("models.list")} className="space-y-4">
        {notice && <p role="status" className="text-sm text-emerald-800">{notice}</p>}
        {connections.length === 0 && <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">{t("models.none")}</p>}
        {connections.map((connection) => (
          <ConnectionCard key={connection.id} projectId={project.id} connection={connection} testTarget={testTarget} onDeleted={setNotice} />
        ))}
      </section>
    </div>
  );
}
