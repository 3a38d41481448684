// Each member's progress on the queue: submitted, in hand (a live lease), skipped and
// lapsed, real items only; honeypot accuracy (admins) is listed beside it.
import { formatPercent } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { MemberProgress } from "@/lib/queues/queue-detail";

export async function QueueMemberTable({ members, needed }: { members: MemberProgress[]; needed: number }) {
  const { t, locale } = await getT();
  if (members.length === 0) return <p className="text-sm text-slate-600">{t("queueMembers.none")}</p>;
  return (
    <table className="w-full text-sm" aria-label={t("queueMembers.title")}>
      <thead className="bg-slate-50 text-left text-slate-600">
        <tr>
          <th className="px-3 py-1.5 font-medium">{t("queueMembers.member")}</th>
          <th className="px-3 py-1.5 text-right font-medium">{t("queueItems.submitted")}</th>
          <th className="px-3 py-1.5 text-right font-medium">{t("queueMembers.inHand")}</th>
          <th className="px-3 py-1.5 text-right font-medium">{t("queueMembers.skipped")}</th>
          <th className="px-3 py-1.5 text-right font-medium">{t("queueMembers.expired")}</th>
          <th className="px-3 py-1.5 font-medium">{t("queueMembers.share")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {members.map((m) => (
          <tr key={m.userId}>
            <td className="px-3 py-1.5" title={m.email}>{m.name} <span className="text-xs text-slate-500">{m.email}</span></td>
            <td className="px-3 py-1.5 text-right tabular-nums">{m.submitted}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{m.inHand}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{m.skipped}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{m.expired}</td>
            <td className="px-3 py-1.5">
              <div className="flex items-center gap-2">
                <div className="h-1.5 w-32 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <div className="h-full bg-emerald-600" style={{ width: `${needed === 0 ? 0 : Math.min(100, Math.round((m.submitted / needed) * 100))}%` }} />
                </div>
                <span className="tabular-nums text-slate-600">{needed === 0 ? "—" : formatPercent(locale, m.submitted / needed)}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
