import { TokenManager } from "@/components/admin/token-manager";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listApiTokens } from "@/lib/tokens/tokens";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("project.tokens");

export default async function TokensPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const tokens = await listApiTokens(db(), project.id);
  return <TokenManager project={project} tokens={tokens} />;
}
