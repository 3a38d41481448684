"use client";
// What "Test connection" found: how long the server took, the image it was sent, its reply word
// for word, and what Verity read from it (a point on or off the blue square, a reply in the
// wrong format), or why there was no reply.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { PlainKey, Translate } from "@/lib/i18n/translate";
import type { ChatErrorKind } from "@/lib/models/connections/chat-client";
import type { ConnectionTestResult } from "@/lib/models/connections/test-connection";

export type TestTarget = { x1: number; y1: number; x2: number; y2: number };

type Props = { result: ConnectionTestResult; target: TestTarget };

const ERROR_KEYS: Record<ChatErrorKind, PlainKey> = {
  timeout: "models.error.timeout",
  rate_limited: "models.error.rate_limited",
  server_error: "models.error.server_error",
  unauthorized: "models.error.unauthorized",
  unknown_model: "models.error.unknown_model",
  bad_request: "models.error.bad_request",
  unreachable: "models.error.unreachable",
  malformed: "models.error.malformed",
  too_large: "models.error.too_large",
  cancelled: "models.error.cancelled",
};

const errorKindLabel = (t: Translate, kind: string): string => (kind in ERROR_KEYS ? t(ERROR_KEYS[kind as ChatErrorKind]) : kind);

/** A pixel coordinate to one decimal, as the parser read it (never rounded to a whole pixel). */
const coordinate = (locale: Locale, v: number) => formatNumber(locale, v, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });

function readAs(t: Translate, locale: Locale, result: ConnectionTestResult, target: TestTarget): { text: string; tone: string } {
  const parsed = result.parsed;
  if (!parsed) return { text: t("models.result.notParsed"), tone: "text-slate-700" };
  const c = (v: number) => coordinate(locale, v);
  switch (parsed.kind) {
    case "point": {
      const where = t("models.result.point", { x: c(parsed.x), y: c(parsed.y) });
      const verdict = result.onTarget ? t("models.result.onTarget") : t("models.result.offTarget", { x1: target.x1, x2: target.x2, y1: target.y1, y2: target.y2 });
      return { text: `${where} — ${verdict}`, tone: result.onTarget ? "text-emerald-800" : "text-amber-800" };
    }
    case "box": {
      const [x1, y1, x2, y2] = parsed.box;
      return { text: t("models.result.box", { x1: c(x1), y1: c(y1), x2: c(x2), y2: c(y2) }), tone: "text-slate-900" };
    }
    case "refusal":
      return { text: t("models.result.refusal"), tone: "text-amber-800" };
    case "wrong_format":
      return { text: t("models.result.wrongFormat", { problem: parsed.problem }), tone: "text-amber-800" };
    case "outside_image":
      return { text: t("models.result.outsideImage", { x: c(parsed.x), y: c(parsed.y), problem: parsed.problem }), tone: "text-amber-800" };
    default:
      return { text: t("models.result.other", { kind: parsed.kind }), tone: "text-slate-900" };
  }
}

export function ConnectionTestResultView({ result, target }: Props) {
  const t = useT();
  const locale = useLocale();
  const read = readAs(t, locale, result, target);
  return (
    <section aria-label={t("models.result.title")} data-testid="connection-test-result" className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold text-slate-800">{t("models.result.title")}</h3>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-slate-600">{t("models.result.latency")}</dt>
        <dd className="tabular-nums" data-testid="test-latency">{t("models.result.ms", { ms: result.latencyMs })}</dd>
        <dt className="text-slate-600">{t("models.result.imageSent")}</dt>
        <dd className="tabular-nums">{t("models.result.size", { width: result.imageSent.width, height: result.imageSent.height })}</dd>
        <dt className="text-slate-600">{t("models.result.prompt")}</dt>
        <dd>{result.templateId ? <code className="font-mono">{result.templateId}</code> : t("models.result.plainQuestion")}</dd>
        {result.usage && (
          <>
            <dt className="text-slate-600">{t("models.result.tokens")}</dt>
            <dd className="tabular-nums">{t("models.result.tokenCounts", { prompt: result.usage.promptTokens, completion: result.usage.completionTokens })}</dd>
          </>
        )}
        {result.error ? (
          <>
            <dt className="text-slate-600">{t("models.result.error")}</dt>
            <dd role="alert" className="text-red-700" data-testid="test-error">
              <span className="font-medium">{errorKindLabel(t, result.error.kind)}</span>: {result.error.message}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-slate-600">{t("models.result.reply")}</dt>
            <dd>
              <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-2 font-mono text-xs text-slate-900">
                {result.reply || t("models.result.emptyReply")}
              </pre>
            </dd>
            <dt className="text-slate-600">{t("models.result.parsed")}</dt>
            <dd className={`font-medium ${read.tone}`} data-testid="test-parsed">{read.text}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
