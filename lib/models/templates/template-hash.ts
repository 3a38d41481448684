// The fingerprint a run records next to the template id: sha256 over everything that decides
// what the model is sent and how its reply is read (the texts, the parser, the version, the
// image layout), so two runs with one hash asked the same question in the same words.
// The fields go in as one JSON array in a fixed order: no separator inside a text can make
// two different templates hash alike. Labels (name, source) are left out: fixing a citation
// does not change the question.
import { createHash } from "node:crypto";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";

/** Lowercase hex sha256 of the template's texts, parser, version and image layout. */
export function templateHash(template: PromptTemplate): string {
  const fields = [
    template.version,
    template.parser,
    template.system ?? null,
    template.user,
    template.userWhenNoImages ?? null,
    template.images,
    template.imagePlacement,
    template.dropTrailingPeriod ?? [],
  ];
  return createHash("sha256").update(JSON.stringify(fields), "utf8").digest("hex");
}
