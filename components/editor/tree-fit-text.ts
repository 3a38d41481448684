// The UI tree's fit to the screenshot (lib/ui-tree/fit-to-image.ts) in the reader's language.
// Sizes are printed as pixels (1080×1920), not as grouped numbers.
import type { Translate } from "@/lib/i18n/translate";
import type { TreeFitNote } from "@/lib/ui-tree/fit-to-image";

const size = (s: { width: number; height: number }) => `${s.width}×${s.height}`;

export function treeFitText(t: Translate, note: TreeFitNote | null): string | null {
  if (!note) return null;
  if (note.kind === "scaled") return t("editor.treeFit.scaled", { tree: size(note.tree), image: size(note.image), factor: note.factor.toFixed(3) });
  return t(note.count === 1 ? "editor.treeFit.outsideOne" : "editor.treeFit.outside", { count: note.count, tree: size(note.tree), image: size(note.image) });
}
