"use client";

import Link from "next/link";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { formatDate } from "@/lib/i18n/format";
import { roleLabel } from "@/lib/i18n/labels";
import { Field } from "@/components/ui/field";
import { createTokenAction, revokeTokenAction } from "@/lib/actions/tokens";
import { ROLES } from "@/lib/auth/roles";

type Token = {
  id: string;
  name: string;
  prefix: string;
  role: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdBy: { email: string };
  /** Why the token does not act now although it is not revoked (its creator's access), or null. */
  inactive: string | null;
};


export function TokenManager({ project, tokens }: { project: { id: string; slug: string; name: string }; tokens: Token[] }) {
  const t = useT();
  const locale = useLocale();
  const day = (d: Date | null) => (d ? formatDate(locale, d) : "—");
  return (
    <div className="space-y-8">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("project.tokens")}</h1>
        <p className="text-sm text-slate-600">
          {t("tokens.forScripts")} <code className="font-mono">Authorization: Bearer vrt_…</code> → <code className="font-mono">/api/v1/projects/{project.id}/…</code>.{" "}
          {t("tokens.scope")}
        </p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">{t("tokens.new")}</h2>
        <ActionForm action={createTokenAction} label={t("tokens.new")} submitLabel={t("tokens.create")} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="projectId" value={project.id} />
          <Field label={t("newQueue.name")} name="name" required maxLength={100} placeholder={t("tokens.nameExample")} />
          <label className="flex flex-col text-sm font-medium text-slate-700">
            {t("members.role")}
            <select name="role" defaultValue="admin" className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal">
              {ROLES.map((r) => <option key={r} value={r}>{roleLabel(t, r)}</option>)}
            </select>
          </label>
          <Field label={t("tokens.expiresIn")} name="expiresInDays" type="number" min={1} max={3650} />
        </ActionForm>
      </section>
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100 text-left text-slate-700">
          <tr><th className="p-3">{t("tokens.token")}</th><th className="p-3">{t("members.role")}</th><th className="p-3">{t("tokens.created")}</th><th className="p-3">{t("tokens.lastUsed")}</th><th className="p-3">{t("tokens.expires")}</th><th className="p-3 text-right">{t("tokens.state")}</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {tokens.length === 0 && <tr><td colSpan={6} className="p-6 text-center text-slate-600">{t("tokens.none")}</td></tr>}
          {tokens.map((token) => (
            <tr key={token.id} className={token.revokedAt || token.inactive ? "text-slate-400" : undefined}>
              <td className="p-3"><div className="font-medium">{token.name}</div><div className="font-mono text-xs">vrt_{token.prefix}_…</div></td>
              <td className="p-3">{roleLabel(t, token.role)}</td>
              <td className="p-3">{day(token.createdAt)}<div className="text-xs text-slate-500">{token.createdBy.email}</div></td>
              <td className="p-3">{day(token.lastUsedAt)}</td>
              <td className="p-3">{day(token.expiresAt)}</td>
              <td className="p-3 text-right">
                {!token.revokedAt && token.inactive && <div className="mb-1 text-xs text-amber-800">{t("tokens.notActing", { reason: token.inactive })}</div>}
                {token.revokedAt ? t("tokens.revokedOn", { date: day(token.revokedAt) }) : (
                  <ActionForm action={revokeTokenAction} label={t("tokens.revokeNamed", { name: token.name })} submitLabel={t("tokens.revoke")} variant="danger" className="flex flex-wrap justify-end gap-2">
                    <input type="hidden" name="projectId" value={project.id} />
                    <input type="hidden" name="tokenId" value={token.id} />
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
