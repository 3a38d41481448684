// @ts-check
// Every Content-Security-Policy Verity sends, in one place. Plain JavaScript (with the types in
// content-security-policy.d.ts) because next.config.js, which Node loads as it is, reads it as
// well as proxy.ts and the media routes.
//
// Pages: scripts only with this request's nonce (proxy.ts makes one per request and Next.js puts
// it on its own scripts), and whatever those load ('strict-dynamic': Next.js's runtime adds
// chunk scripts itself). No 'unsafe-inline' for scripts, so an injected inline script or event
// handler does not run. Styles keep 'unsafe-inline': React writes style attributes
// (style={{...}}: the box editor's layout, charts, progress bars), which a nonce cannot cover;
// and a nonce in style-src would make browsers ignore 'unsafe-inline'. A style cannot run code.
// React's development build needs eval for its debugging aids; production never does.

const COMMON = ["default-src 'self'", "img-src 'self' data: blob:", "font-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"];

/**
 * The policy of a page rendered with `nonce`; without one (a response the proxy did not see:
 * route handlers, refusals), same-origin script files only and no inline script at all.
 * @param {string | null} nonce
 * @param {boolean} development
 */
function pagePolicy(nonce, development) {
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : []), ...(development ? ["'unsafe-eval'"] : [])];
  return [`script-src ${scripts.join(" ")}`, "style-src 'self' 'unsafe-inline'", ...COMMON].join("; ");
}

// Media and UI trees: stored bytes from outside (screenshots, device XML), served so that even
// opened directly they can never run as a page.
const SANDBOX_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

module.exports = { pagePolicy, SANDBOX_POLICY };
