// JSON Lines as the pools store them: one compact JSON object per line, "\n"-terminated
// (also the last line, so files can be concatenated and `wc -l` counts rows).
import "server-only";

export function toJsonl(rows: readonly unknown[]): string {
  return rows.map((row) => `${JSON.stringify(row)}\n`).join("");
}
