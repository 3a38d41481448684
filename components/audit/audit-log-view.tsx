import Link from "next/link";
import { toQueryString } from "@/lib/http/search-params";
import { FilterSelect } from "@/components/ui/filter-select";
import type { AuditFilter, listAudit } from "@/lib/audit/list-audit";

type Props = {
  project: { slug: string; name: string };
  filter: AuditFilter;
  log: Awaited<ReturnType<typeof listAudit>>;
  people: { id: string; name: string; email: string }[];
};

const ACTIONS = ["annotation", "override", "claim", "queue", "consensus", "adjudication", "honeypot", "bulk", "import", "export", "member", "token", "project", "auth"];

export function AuditLogView({ project, filter, log, people }: Props) {
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">Audit log</h1>
        <p className="text-sm text-slate-600">Who did what to which item: claims, saves, overrides, adjudications, imports, exports and membership changes.</p>
      </div>
      <form method="get" aria-label="Filters" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <FilterSelect name="action" label="Action" value={filter.action} options={ACTIONS.map((a) => [a, a])} />
        <FilterSelect name="userId" label="Person" value={filter.userId} options={people.map((p) => [p.id, p.name])} />
        <FilterSelect name="targetType" label="Target" value={filter.targetType} options={["sample", "trajectory", "verdict", "job", "user", "api_token", "run", "project"].map((t) => [t, t])} />
        <label className="flex flex-col text-xs font-medium text-slate-600">From<input type="date" name="from" defaultValue={filter.from} className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm" /></label>
        <label className="flex flex-col text-xs font-medium text-slate-600">To<input type="date" name="to" defaultValue={filter.to} className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm" /></label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">Filter</button>
        <a href="?" className="px-1 py-1.5 text-sm text-blue-700 hover:underline">Clear</a>
      </form>
      {log.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">Nothing recorded for these filters.</p>
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-100 text-left"><tr><th className="p-2">When (UTC)</th><th className="p-2">Who</th><th className="p-2">Action</th><th className="p-2">Target</th><th className="p-2">Details</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {log.entries.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="p-2 whitespace-nowrap tabular-nums">{e.createdAt.toISOString().slice(0, 19).replace("T", " ")}</td>
                <td className="p-2">{e.user?.name ?? <span className="text-slate-500">system</span>}</td>
                <td className="p-2 font-mono text-xs">{e.action}</td>
                <td className="p-2 text-xs">{e.targetType ? <Link href={toQueryString(filter, { targetType: e.targetType, targetId: e.targetId ?? undefined, before: undefined })} className="text-blue-700 hover:underline">{e.targetType} {e.targetId}</Link> : "—"}</td>
                <td className="max-w-md truncate p-2 font-mono text-xs text-slate-600" title={e.details ? JSON.stringify(e.details) : ""}>{e.details ? JSON.stringify(e.details) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.nextBefore && <Link href={toQueryString(filter, { before: log.nextBefore })} className="text-sm text-blue-700 hover:underline">Older entries →</Link>}
    </div>
  );
}
