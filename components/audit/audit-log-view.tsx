import Link from "next/link";
import { toQueryString } from "@/lib/filters/search-params";
import { FilterSelect } from "@/components/ui/filter-select";
import type { AuditFilter, listAudit } from "@/lib/audit/list-audit";
import { formatDateTime } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";

type Props = {
  project: { slug: string; name: string };
  filter: AuditFilter;
  log: Awaited<ReturnType<typeof listAudit>>;
  people: { id: string; name: string; email: string }[];
};

const ACTIONS = ["annotation", "override", "claim", "queue", "consensus", "adjudication", "honeypot", "bulk", "import", "export", "member", "token", "model_connection", "project", "auth"];

export async function AuditLogView({ project, filter, log, people }: Props) {
  const { t, locale } = await getT();
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("project.audit")}</h1>
        <p className="text-sm text-slate-600">{t("audit.intro")}</p>
      </div>
      <form method="get" aria-label={t("filter.title")} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <FilterSelect name="action" label={t("audit.action")} value={filter.action} options={ACTIONS.map((a) => [a, a])} />
        <FilterSelect name="userId" label={t("audit.person")} value={filter.userId} options={people.map((p) => [p.id, p.name])} />
        <FilterSelect name="targetType" label={t("audit.target")} value={filter.targetType} options={["sample", "trajectory", "verdict", "job", "user", "api_token", "model_connection", "run", "project"].map((type) => [type, type])} />
        <label className="flex flex-col text-xs font-medium text-slate-600">{t("audit.from")}<input type="date" name="from" defaultValue={filter.from} className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm" /></label>
        <label className="flex flex-col text-xs font-medium text-slate-600">{t("audit.to")}<input type="date" name="to" defaultValue={filter.to} className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm" /></label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">{t("filter.apply")}</button>
        <a href="?" className="px-1 py-1.5 text-sm text-blue-700 hover:underline">{t("filter.clear")}</a>
      </form>
      {log.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("audit.none")}</p>
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-100 text-left"><tr><th className="p-2">{t("audit.when")}</th><th className="p-2">{t("audit.who")}</th><th className="p-2">{t("audit.action")}</th><th className="p-2">{t("audit.target")}</th><th className="p-2">{t("audit.details")}</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {log.entries.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="p-2 whitespace-nowrap tabular-nums">{formatDateTime(locale, e.createdAt, { seconds: true })}</td>
                <td className="p-2">{e.user?.name ?? <span className="text-slate-500">{t("project.system")}</span>}</td>
                <td className="p-2 font-mono text-xs">{e.action}</td>
                <td className="p-2 text-xs">{e.targetType ? <Link href={toQueryString(filter, { targetType: e.targetType, targetId: e.targetId ?? undefined, before: undefined })} className="text-blue-700 hover:underline">{e.targetType} {e.targetId}</Link> : "—"}</td>
                <td className="max-w-md truncate p-2 font-mono text-xs text-slate-600" title={e.details ? JSON.stringify(e.details) : ""}>{e.details ? JSON.stringify(e.details) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.nextBefore && <Link href={toQueryString(filter, { before: log.nextBefore })} className="text-sm text-blue-700 hover:underline">{t("audit.older")}</Link>}
    </div>
  );
}
