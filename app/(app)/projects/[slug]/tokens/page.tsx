import type { Metadata } from "next";
import { TokenManager } from "@/components/admin/token-manager";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listApiTokens } from "@/lib/tokens/tokens";

type Props = { params: Promise<{ slug: string }> };

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const tokens = await listApiTokens(db(), project.id);
  return <TokenManager project={project} tokens={tokens} />;
}
