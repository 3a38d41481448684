"use client";

import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createUserAction } from "@/lib/actions/users";

export function CreateUserForm() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="mb-3 font-semibold">New user</h2>
      <ActionForm action={createUserAction} label="New user" submitLabel="Create user" className="flex flex-wrap items-end gap-3">
        <Field label="E-mail" name="email" type="email" required />
        <Field label="Name" name="name" required maxLength={200} />
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" name="isOwner" /> Site owner
        </label>
      </ActionForm>
    </section>
  );
}
