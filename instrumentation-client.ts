// Runs in the browser before any of the app's own modules (Next.js's instrumentation-client
// convention). Zod compiles object schemas with `new Function` when it may, and finds out by
// trying once, when the first object schema is made. Pages allow no eval (their CSP,
// lib/http/content-security-policy.js), so that try is blocked and reported as a CSP violation,
// although zod catches it and parses without compiling. Set here, `jitless` skips the try
// (allowsEval in zod/v4/core/util.js), so a page reports no violation at all. The server keeps
// compiled schemas: this file never runs there.
import { z } from "zod";

z.config({ jitless: true });
