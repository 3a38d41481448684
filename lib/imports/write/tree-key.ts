// Media-store key of a step's UI tree (uiautomator XML, accessibility dump): content-addressed
// like screenshots, beside them.
import { createHash } from "node:crypto";

export function uiTreeKey(bytes: Buffer): string {
  const sha = createHash("sha256").update(bytes).digest("hex");
  return `trees/${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}.xml`;
}
