import Link from "next/link";
import { ImportWizard } from "@/components/imports/import-wizard";
import { VerityExample } from "@/components/imports/verity-example";
import { getT } from "@/lib/i18n/server";

type Props = { project: { id: string; slug: string; name: string }; serverImports: boolean };

export async function ImportScreen({ project, serverImports }: Props) {
  const { t } = await getT();
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("project.import")}</h1>
        <p className="text-sm text-slate-600">
          Verity JSONL (<a className="text-blue-700 hover:underline" href="/api/schemas/verity-import">JSON Schema</a>){t("import.formats")}
        </p>
      </div>
      <VerityExample />
      <ImportWizard projectId={project.id} slug={project.slug} serverImports={serverImports} />
    </div>
  );
}
