"use client";

import Link from "next/link";
import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { roleLabel } from "@/lib/i18n/labels";
import { Field } from "@/components/ui/field";
import { grantRoleAction, removeMemberAction } from "@/lib/actions/members";
import { ROLES } from "@/lib/auth/roles";

type Props = {
  project: { id: string; slug: string; name: string };
  currentUserId: string;
  members: { role: string; user: { id: string; email: string; name: string; disabledAt: Date | null } }[];
};

function RoleSelect({ defaultValue }: { defaultValue?: string }) {
  const t = useT();
  return (
    <label className="flex flex-col text-sm font-medium text-slate-700">
      {t("members.role")}
      <select name="role" defaultValue={defaultValue ?? "annotator"} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal">
        {ROLES.map((role) => <option key={role} value={role}>{roleLabel(t, role)}</option>)}
      </select>
    </label>
  );
}

export function MemberManager({ project, members, currentUserId }: Props) {
  const t = useT();
  return (
    <div className="space-y-8">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("queue.members")}</h1>
        <p className="text-sm text-slate-600">{t("members.roles")}</p>
        <p className="mt-1 text-sm text-slate-600">{t("members.tokens")}</p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">{t("members.add")}</h2>
        <ActionForm action={grantRoleAction} label={t("members.add")} submitLabel={t("members.addButton")} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="projectId" value={project.id} />
          <Field label={t("members.email")} name="email" type="email" required />
          <RoleSelect />
        </ActionForm>
      </section>
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100 text-left text-slate-700">
          <tr><th className="p-3">{t("queueMembers.member")}</th><th className="p-3">{t("members.role")}</th><th className="p-3 text-right">{t("members.remove")}</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {members.length === 0 && (
            <tr><td colSpan={3} className="p-6 text-center text-slate-600">{t("members.none")}</td></tr>
          )}
          {members.map((m) => (
            <tr key={m.user.id}>
              <td className="p-3"><div className="font-medium">{m.user.name}</div><div className="text-slate-600">{m.user.email}</div></td>
              <td className="p-3">
                <ActionForm action={grantRoleAction} label={t("members.roleOf", { email: m.user.email })} submitLabel={t("members.change")} variant="plain" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="projectId" value={project.id} />
                  <input type="hidden" name="email" value={m.user.email} />
                  <RoleSelect defaultValue={m.role} />
                </ActionForm>
              </td>
              <td className="p-3 text-right">
                {m.user.id !== currentUserId && (
                  <ActionForm action={removeMemberAction} label={t("members.removeNamed", { email: m.user.email })} submitLabel={t("members.remove")} variant="danger" className="flex flex-wrap justify-end gap-2">
                    <input type="hidden" name="projectId" value={project.id} />
                    <input type="hidden" name="userId" value={m.user.id} />
                  </ActionForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
