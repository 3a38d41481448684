import { MemberManager } from "@/components/admin/member-manager";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listMembers } from "@/lib/projects/members";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("queue.members");

export default async function MembersPage({ params }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "admin");
  const members = await listMembers(db(), project.id);
  return <MemberManager project={project} members={members} currentUserId={access.user.id} />;
}
