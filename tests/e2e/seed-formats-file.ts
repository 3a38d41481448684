// The slug of the new import formats' project (seed-formats.ts), free of server modules, so the
// Playwright side can import it.
export const FORMATS_SLUG = "formats";
