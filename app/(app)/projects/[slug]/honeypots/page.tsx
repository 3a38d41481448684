import Link from "next/link";
import { HoneypotAccuracyList } from "@/components/queues/honeypot-accuracy-list";
import { HoneypotTable } from "@/components/queues/honeypot-table";
import { db } from "@/lib/db";
import { getT, titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { honeypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { listHoneypots } from "@/lib/queues/honeypots";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("queue.honeypots");

export default async function HoneypotsPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const [rows, accuracy] = await Promise.all([listHoneypots(db(), project.id), honeypotAccuracy(db(), project.id)]);
  const { t } = await getT();
  return (
    <div className="space-y-4">
      <Link href={`/projects/${slug}/queues`} className="text-sm text-blue-700 hover:underline">{t("queue.back", { project: project.name })}</Link>
      <h1 className="text-2xl font-semibold">{t("honeypots.title", { project: project.name })}</h1>
      <p className="max-w-3xl text-sm text-slate-600">
        {t("honeypots.intro")}
      </p>
      <section aria-label={t("honeypots.accuracyLabel")} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 className="mb-1 font-semibold">{t("honeypots.perAnnotator")}</h2>
        <HoneypotAccuracyList accuracy={accuracy} label={t("honeypots.accuracyPerAnnotator")} />
      </section>
      <HoneypotTable projectId={project.id} slug={slug} rows={rows} />
    </div>
  );
}
