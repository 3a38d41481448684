// One colour per annotator on the adjudication screen, the same in the legend, on the canvas
// and in the column headers. Chosen apart from the editor's own amber (the editable box) and
// fuchsia (selection), and dark enough for white text on their tags.
const ANSWER_COLORS = ["#2563eb", "#dc2626", "#059669", "#7c3aed", "#0e7490", "#be185d", "#4d7c0f", "#c2410c", "#475569", "#a16207"];

export function answerColor(index: number): string {
  return ANSWER_COLORS[index % ANSWER_COLORS.length]!;
}
