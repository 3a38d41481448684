// One entry for every parser, chosen by the template's parser id. The coordinate parsers need
// the space the model answered in (ParseContext); asking for a point without saying where is
// a caller's mistake, not the model's, so it throws instead of returning wrong_format.
// Pure.
import { AppError } from "@/lib/errors";
import type { ParserId } from "@/lib/models/templates/prompt-template";
import type { ParseContext, ParsedReply } from "@/lib/models/templates/parsed-reply";
import { parseBox } from "@/lib/models/templates/parse-box";
import { parsePointQwen25Tool } from "@/lib/models/templates/parse-point-qwen25-tool";
import { parsePointUitars } from "@/lib/models/templates/parse-point-uitars";
import { parsePointVenus } from "@/lib/models/templates/parse-point-venus";
import { parseScoreRewrite } from "@/lib/models/templates/parse-score-rewrite";
import { parseVerdict } from "@/lib/models/templates/parse-verdict";
import { parseKeyPoints, parseRelevance } from "@/lib/models/templates/parse-webjudge";

function needContext(parser: ParserId, ctx: ParseContext | undefined): ParseContext {
  if (!ctx) throw new AppError("invalid_input", `parser ${parser} reads coordinates: it needs the convention and the image size`);
  return ctx;
}

/** What the reply says, read by the parser; ctx is required for point_* and box. */
export function parseReply(parser: ParserId, text: string, ctx?: ParseContext): ParsedReply {
  switch (parser) {
    case "point_venus":
      return parsePointVenus(text, needContext(parser, ctx));
    case "point_qwen25_tool":
      return parsePointQwen25Tool(text, needContext(parser, ctx));
    case "point_uitars":
      return parsePointUitars(text, needContext(parser, ctx));
    case "box":
      return parseBox(text, needContext(parser, ctx));
    case "verdict":
      return parseVerdict(text);
    case "score_rewrite":
      return parseScoreRewrite(text);
    case "key_points":
      return parseKeyPoints(text);
    case "relevance":
      return parseRelevance(text);
  }
}
