import { DisagreementsScreen } from "@/components/model-disagreements/disagreements-screen";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { modelDisagreements } from "@/lib/models/disagreements/model-disagreements";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("disagreements.title");

// Reviewers: it rests on verified answers (a prediction outside a verified box).
export default async function ModelDisagreementsPage({ params }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "reviewer");
  const found = await modelDisagreements(db(), project.id);
  return <DisagreementsScreen slug={project.slug} samples={found.samples} trajectories={found.trajectories} canQueue={roleAtLeast(access.role, "admin")} />;
}
