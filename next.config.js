// @ts-check
// Security headers on every page and route. Media responses add their own stricter CSP
// (lib/media/serve.ts).
const securityHeaders = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // Next.js injects inline bootstrap scripts; no third-party origin is allowed. React's
      // development build needs eval for its debugging aids; production never does.
      `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

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
    // Media keeps its own, stricter CSP (a sandbox), which this page policy must not replace.
    return [
      { source: "/((?!api/media/).*)", headers: securityHeaders },
      // Refusals (401/404) from the media route get the same sandbox policy as the bytes.
      {
        source: "/api/media/:path*",
        headers: [
          ...securityHeaders.filter((h) => h.key !== "Content-Security-Policy"),
          { key: "Content-Security-Policy", value: "sandbox; default-src 'none'; frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
