"use client";

import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createUserAction } from "@/lib/actions/users";

export function CreateUserForm() {
  const t = useT();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="mb-3 font-semibold">{t("users.new")}</h2>
      <ActionForm action={createUserAction} label={t("users.new")} submitLabel={t("users.create")} className="flex flex-wrap items-end gap-3">
        <Field label={t("login.email")} name="email" type="email" required />
        <Field label={t("newQueue.name")} name="name" required maxLength={200} />
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" name="isOwner" /> {t("users.siteOwner")}
        </label>
      </ActionForm>
    </section>
  );
}
