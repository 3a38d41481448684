import { BulkPass } from "@/components/samples/bulk-pass";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listSamples } from "@/lib/samples/list-samples";
import { formatTotal } from "@/lib/db/capped-count";
import { getLocale, titled } from "@/lib/i18n/server";
import { filterQuery, parseSampleFilter } from "@/lib/samples/sample-filters";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("samples.bulkPass");

export default async function BulkPassPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "reviewer");
  const filter = parseSampleFilter(await searchParams);
  const result = await listSamples(db(), project.id, filter, { seesHuman: true });
  return (
    <BulkPass
      project={{ id: project.id, slug: project.slug, name: project.name }}
      samples={result.samples}
      total={formatTotal(result, await getLocale())}
      nextPage={result.nextAfter ? `/projects/${project.slug}/samples/bulk${filterQuery(filter, { after: result.nextAfter })}` : null}
    />
  );
}
