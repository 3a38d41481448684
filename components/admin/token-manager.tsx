"use client";

import Link from "next/link";
import { ActionForm } from "@/components/ui/action-form";
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

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "—");

export function TokenManager({ project, tokens }: { project: { id: string; slug: string; name: string }; tokens: Token[] }) {
  return (
    <div className="space-y-8">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">API tokens</h1>
        <p className="text-sm text-slate-600">
          For scripts and pipelines: <code className="font-mono">Authorization: Bearer vrt_…</code> on <code className="font-mono">/api/v1/projects/{project.id}/…</code>.
          A token acts in this project only, with its role, and only while the person who created it is enabled and a member here with at least that role.
        </p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">New token</h2>
        <ActionForm action={createTokenAction} label="New token" submitLabel="Create token" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="projectId" value={project.id} />
          <Field label="Name" name="name" required maxLength={100} placeholder="e.g. nightly eval upload" />
          <label className="flex flex-col text-sm font-medium text-slate-700">
            Role
            <select name="role" defaultValue="admin" className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal">
              {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
          <Field label="Expires after (days, optional)" name="expiresInDays" type="number" min={1} max={3650} />
        </ActionForm>
      </section>
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100 text-left text-slate-700">
          <tr><th className="p-3">Token</th><th className="p-3">Role</th><th className="p-3">Created</th><th className="p-3">Last used</th><th className="p-3">Expires</th><th className="p-3 text-right">State</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {tokens.length === 0 && <tr><td colSpan={6} className="p-6 text-center text-slate-600">No tokens yet.</td></tr>}
          {tokens.map((t) => (
            <tr key={t.id} className={t.revokedAt || t.inactive ? "text-slate-400" : undefined}>
              <td className="p-3"><div className="font-medium">{t.name}</div><div className="font-mono text-xs">vrt_{t.prefix}_…</div></td>
              <td className="p-3">{t.role}</td>
              <td className="p-3">{day(t.createdAt)}<div className="text-xs text-slate-500">{t.createdBy.email}</div></td>
              <td className="p-3">{day(t.lastUsedAt)}</td>
              <td className="p-3">{day(t.expiresAt)}</td>
              <td className="p-3 text-right">
                {!t.revokedAt && t.inactive && <div className="mb-1 text-xs text-amber-800">Not acting: {t.inactive}</div>}
                {t.revokedAt ? `revoked ${day(t.revokedAt)}` : (
                  <ActionForm action={revokeTokenAction} label={`Revoke ${t.name}`} submitLabel="Revoke" variant="danger" className="flex flex-wrap justify-end gap-2">
                    <input type="hidden" name="projectId" value={project.id} />
                    <input type="hidden" name="tokenId" value={t.id} />
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
