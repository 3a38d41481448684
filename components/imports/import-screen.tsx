import Link from "next/link";
import { ImportWizard } from "@/components/imports/import-wizard";
import { VerityExample } from "@/components/imports/verity-example";

type Props = { project: { id: string; slug: string; name: string }; serverImports: boolean };

export function ImportScreen({ project, serverImports }: Props) {
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">Import</h1>
        <p className="text-sm text-slate-600">
          Verity JSONL (<a className="text-blue-700 hover:underline" href="/api/schemas/verity-import">JSON Schema</a>), ScreenSpot v1/v2, ScreenSpot-Pro and UI-Venus metas and results,
          OSWorld-G, AndroidLab run folders, WebVoyager results, UI-Venus traces, OSWorld result folders, Mind2Web (SeeClick, Mind2Web and
          Multimodal-Mind2Web JSON), GUI-Odyssey and AndroidControl episodes, and AgentLab / BrowserGym experiments (pickles are never opened);
          and human labels made elsewhere (Verity JSONL annotation lines, AgentRewardBench&apos;s annotations.csv), imported as the answers of
          placeholder accounts the site owner links to people on the Users page.
          The format is detected; check the preview before importing.
          Importing the same files again changes nothing, and never what people changed in Verity.
        </p>
      </div>
      <VerityExample />
      <ImportWizard projectId={project.id} slug={project.slug} serverImports={serverImports} />
    </div>
  );
}
