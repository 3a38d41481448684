// @ts-check
// Security headers on every page and route. The Content-Security-Policy here is the one for
// responses the proxy does not render (route handlers, refusals): no inline script at all.
// Pages get the same policy with a per-request script nonce from proxy.ts, which replaces this
// one; media and UI trees get a sandbox (lib/http/content-security-policy.js).
const { pagePolicy, SANDBOX_POLICY } = require("./lib/http/content-security-policy.js");

const securityHeaders = [
  { key: "Content-Security-Policy", value: pagePolicy(null, process.env.NODE_ENV === "development") },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

// Stored bytes from outside, which must never run as a page even when opened directly: media
// (screenshots) and UI trees (device XML). Refusals (401/404) from these routes get the same.
const sandboxedRoutes = ["/api/media/:path*", "/api/projects/:projectId/steps/:stepId/tree"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Read when the server starts. Off unless VERITY_HTTP_COMPRESSION=on: most responses are small
  // answers of the annotation hot path (a save, a submit), for which a gzip stream cost more CPU
  // than the request itself (bench/load-results.md); a reverse proxy in front compresses pages.
  compress: process.env.VERITY_HTTP_COMPRESSION === "on",
  // `server-only` marks every server module. The app router resolves it with the react-server
  // condition (an empty module); a pages-router API route (pages/api: the two answer routes,
  // lib/http/pages-project-route.ts) resolves it without, and the marker would throw on the
  // server it is meant for. Off the browser it is the empty module; in the browser it stays the
  // marker that throws, and Next.js's build still refuses a client component importing it.
  // A pages-router bundle leaves packages external (required at run time, past any alias), so
  // this one is bundled.
  transpilePackages: ["server-only"],
  turbopack: { resolveAlias: { "server-only": { browser: "server-only", default: "next/dist/compiled/server-only/empty" } } },
  serverExternalPackages: ["better-sqlite3", "sharp", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  experimental: { serverActions: { bodySizeLimit: "2mb" }, authInterrupts: true },
  async headers() {
    // When several entries match a path and set the same header, the last one wins: the
    // sandboxed routes' policy replaces the general one.
    return [
      { source: "/:path*", headers: securityHeaders },
      ...sandboxedRoutes.map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: SANDBOX_POLICY }] })),
    ];
  },
};

module.exports = nextConfig;
