// Ids for rows written by raw SQL (Prisma's cuid() runs inside the client and is not exported).
// cuid's alphabet and length class: a time part, a per-process random part and a counter,
// unique without a random draw per row.
import { randomBytes } from "node:crypto";

const processPart = randomBytes(6).toString("hex");
let counter = 0;

export function newRowId(): string {
  counter = (counter + 1) % 1_679_616; // 36^4
  return `c${Date.now().toString(36)}${processPart}${counter.toString(36).padStart(4, "0")}`;
}
