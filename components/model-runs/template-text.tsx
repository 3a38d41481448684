// The exact template a run asked with (the copy it recorded when it started, not today's
// preset): system and user messages as sent, before their placeholders were filled in, the
// parser that read the replies, which images went where, and the source it reproduces.
import { getT } from "@/lib/i18n/server";
import { PromptTemplateSchema } from "@/lib/models/templates/prompt-template";

type Props = { template: unknown; id: string; version: number };

export async function TemplateText({ template, id, version }: Props) {
  const { t } = await getT();
  const parsed = PromptTemplateSchema.safeParse(template);
  const text = parsed.success ? parsed.data : null;
  const block = "max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap text-slate-100";
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" data-testid="run-template">
      <summary className="cursor-pointer text-lg font-semibold">{t("modelRuns.templateText")}</summary>
      <p className="mt-1 text-sm text-slate-600">{t("modelRuns.templateTextOf", { id, version })}</p>
      {text ? (
        <div className="mt-3 space-y-3 text-sm">
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
            <div><dt className="text-xs text-slate-600">{t("modelRuns.templateParser")}</dt><dd className="font-mono">{text.parser}</dd></div>
            <div><dt className="text-xs text-slate-600">{t("modelRuns.templateImages")}</dt><dd className="font-mono">{text.images} · {text.imagePlacement}</dd></div>
            <div className="sm:col-span-3"><dt className="text-xs text-slate-600">{t("modelRuns.templateSource")}</dt><dd className="break-words">{text.source}</dd></div>
          </dl>
          <div>
            <h3 className="mb-1 font-medium">{t("modelRuns.templateSystem")}</h3>
            {text.system ? <pre className={block}>{text.system}</pre> : <p className="text-slate-600">{t("modelRuns.templateNoSystem")}</p>}
          </div>
          <div>
            <h3 className="mb-1 font-medium">{t("modelRuns.templateUser")}</h3>
            <pre className={block}>{text.user}</pre>
          </div>
          {text.userWhenNoImages && (
            <div>
              <h3 className="mb-1 font-medium">{t("modelRuns.templateUserNoImages")}</h3>
              <pre className={block}>{text.userWhenNoImages}</pre>
            </div>
          )}
        </div>
      ) : (
        <pre className={`mt-3 ${block}`}>{JSON.stringify(template, null, 2)}</pre>
      )}
    </details>
  );
}
