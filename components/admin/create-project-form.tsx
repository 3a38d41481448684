"use client";

import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createProjectAction } from "@/lib/actions/users";

export function CreateProjectForm() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="mb-3 font-semibold">New project</h2>
      <ActionForm action={createProjectAction} label="New project" submitLabel="Create project" className="flex flex-wrap items-end gap-3">
        <Field label="Name" name="name" required maxLength={200} />
        <Field label="Slug" name="slug" required pattern="[a-z0-9][a-z0-9\-]{1,62}" title="2-63 characters: lowercase letters, digits and dashes" placeholder="e.g. android-grounding" />
      </ActionForm>
    </section>
  );
}
