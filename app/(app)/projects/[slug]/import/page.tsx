import { ImportScreen } from "@/components/imports/import-screen";
import { env } from "@/lib/env";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("project.import");

export default async function ImportPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  return <ImportScreen project={project} serverImports={env().importRoots.length > 0} />;
}
