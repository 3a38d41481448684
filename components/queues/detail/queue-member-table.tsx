// Each member's progress on the queue: submitted, in hand (a live lease), skipped and
// lapsed, real items only; honeypot accuracy (admins) is listed beside it.
import type { MemberProgress } from "@/lib/queues/queue-detail";

export function QueueMemberTable({ members, needed }: { members: MemberProgress[]; needed: number }) {
  if (members.length === 0) return <p className="text-sm text-slate-600">This queue has no members.</p>;
  return (
    <table className="w-full text-sm" aria-label="Progress per member">
      <thead className="bg-slate-50 text-left text-slate-600">
        <tr>
          <th className="px-3 py-1.5 font-medium">Member</th>
          <th className="px-3 py-1.5 text-right font-medium">Submitted</th>
          <th className="px-3 py-1.5 text-right font-medium">In hand</th>
          <th className="px-3 py-1.5 text-right font-medium">Skipped</th>
          <th className="px-3 py-1.5 text-right font-medium">Lease ran out</th>
          <th className="px-3 py-1.5 font-medium">Share of the items</th>
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
                <span className="tabular-nums text-slate-600">{needed === 0 ? "—" : `${Math.round((m.submitted / needed) * 100)}%`}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
