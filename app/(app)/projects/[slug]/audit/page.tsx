import { AuditLogView } from "@/components/audit/audit-log-view";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { listAudit, parseAuditFilter } from "@/lib/audit/list-audit";
import { listMembers } from "@/lib/projects/members";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("project.audit");

export default async function AuditPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const filter = parseAuditFilter(await searchParams);
  const [log, members] = await Promise.all([listAudit(db(), project.id, filter), listMembers(db(), project.id)]);
  return <AuditLogView project={project} filter={filter} log={log} people={members.map((m) => m.user)} />;
}
