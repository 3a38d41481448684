import { UserRowActions } from "@/components/admin/user-row-actions";
import { roleLabel } from "@/lib/i18n/labels";
import { getT } from "@/lib/i18n/server";

type Props = {
  currentUserId: string;
  users: {
    id: string;
    email: string;
    name: string;
    isOwner: boolean;
    disabledAt: Date | null;
    memberships: { role: string; project: { slug: string; name: string } }[];
  }[];
};

export async function UserTable({ users, currentUserId }: Props) {
  const { t } = await getT();
  return (
    <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
      <thead className="bg-slate-100 text-left text-slate-700">
        <tr>
          <th className="p-3">{t("users.user")}</th>
          <th className="p-3">{t("shell.projects")}</th>
          <th className="p-3 text-right">{t("users.actions")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {users.map((u) => (
          <tr key={u.id} className={u.disabledAt ? "text-slate-400" : undefined}>
            <td className="p-3 align-top">
              <div className="font-medium">{u.name}{u.isOwner && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t("shell.owner")}</span>}{u.disabledAt && <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">{t("users.disabled")}</span>}</div>
              <div className="text-slate-600">{u.email}</div>
            </td>
            <td className="p-3 align-top">
              {u.memberships.length === 0 ? <span className="text-slate-500">{t("users.noProjects")}</span> : u.memberships.map((m) => `${m.project.name} (${roleLabel(t, m.role)})`).join(", ")}
            </td>
            <td className="p-3 align-top">
              <UserRowActions user={{ id: u.id, email: u.email, disabled: u.disabledAt !== null }} isSelf={u.id === currentUserId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
