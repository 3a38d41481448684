"use client";

import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createProjectAction } from "@/lib/actions/users";

export function CreateProjectForm() {
  const t = useT();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="mb-3 font-semibold">{t("projects.new")}</h2>
      <ActionForm action={createProjectAction} label={t("projects.new")} submitLabel={t("projects.create")} className="flex flex-wrap items-end gap-3">
        <Field label={t("newQueue.name")} name="name" required maxLength={200} />
        <Field label={t("projects.slug")} name="slug" required pattern="[a-z0-9][a-z0-9\-]{1,62}" title={t("projects.slugRule")} placeholder={t("projects.slugExample")} />
      </ActionForm>
    </section>
  );
}
