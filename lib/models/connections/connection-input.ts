// What an admin may save as a model connection, checked the same way from the screen, the API
// and the CLI. The key is write-only: on an update, an absent or blank apiKey keeps the stored
// one and clearApiKey removes it; no read path ever returns it.
// Pure.
import { z } from "zod";
import { CONVENTIONS } from "@/lib/exports/conventions/coordinate-conventions";

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

/** The base URL as stored: http(s), no credentials, query or fragment, no trailing slash or /chat/completions. */
export const BaseUrlSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(2000)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "is not a URL (e.g. http://gpu-01:8000/v1)" });
      return z.NEVER;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") ctx.addIssue({ code: "custom", message: "must start with http:// or https://" });
    if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not hold a user or password (put the key in API key)" });
    if (url.search || url.hash) ctx.addIssue({ code: "custom", message: "must not have a query or fragment" });
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "").replace(/\/chat\/completions$/, "");
  });

export const ConnectionInputSchema = z
  .object({
    name: z.string().trim().min(1, "is required").max(100),
    baseUrl: BaseUrlSchema,
    model: z.string().trim().min(1, "is required").max(200),
    apiKey: z.string().trim().max(4000).optional().transform((v) => (v ? v : undefined)),
    clearApiKey: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()).default(false),
    maxConcurrent: optionalInt(1, 256).transform((v) => v ?? 4),
    requestsPerMinute: optionalInt(1, 1_000_000),
    timeoutSeconds: optionalInt(1, 3600).transform((v) => v ?? 120),
    convention: z.enum(CONVENTIONS, "must be rel1000, qwen25-abs or norm1"),
    minPixels: optionalInt(1, 1_000_000_000),
    maxPixels: optionalInt(1, 1_000_000_000),
  })
  .superRefine((input, ctx) => {
    if (input.minPixels !== undefined && input.maxPixels !== undefined && input.minPixels > input.maxPixels) {
      ctx.addIssue({ code: "custom", path: ["maxPixels"], message: "must be at least min pixels" });
    }
  });
export type ConnectionInput = z.infer<typeof ConnectionInputSchema>;
