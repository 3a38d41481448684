import { ConnectionManager } from "@/components/models/connection-manager";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { listConnections } from "@/lib/models/connections/connections";
import { TEST_TARGET } from "@/lib/models/connections/test-connection";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("project.models");

export default async function ModelConnectionsPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const connections = await listConnections(db(), project.id);
  return <ConnectionManager project={{ id: project.id, slug: project.slug, name: project.name }} connections={connections} testTarget={TEST_TARGET} />;
}
