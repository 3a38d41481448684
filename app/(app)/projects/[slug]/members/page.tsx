import type { Metadata } from "next";
import { MemberManager } from "@/components/admin/member-manager";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listMembers } from "@/lib/projects/members";

type Props = { params: Promise<{ slug: string }> };

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "admin");
  const members = await listMembers(db(), project.id);
  return <MemberManager project={project} members={members} currentUserId={access.user.id} />;
}
