// What loading a review page asks of the server, as Chromium does it: the page is opened once in
// Chromium (signed in) and every request it then sends to the server is recorded (the screen
// data the review session reads ahead: the next item, the one after it and the previous one;
// the breadcrumbs' partial RSC prefetches; the screenshots, the next items' among them), so
// the benchmark replays what the screen really does, not a guess of
// it. With each request, the requests that had finished before Chromium sent it (`after`): the
// screen asks for the next item alone and for the rest once it is in, and its screenshots once
// its data names them, so a replay keeps that order instead of sending all at once. Static assets (/_next/static, the icon) are left out: they come from the browser's cache
// after the first page. A recorded request is moved to another item by replacing the recorded
// item's, previous and next ids with the new ones, and its `_rsc` search parameter recomputed
// with Next's own function, since the production server checks it against the router headers
// and answers 307 on a mismatch (node_modules/next/dist/server/base-server.js:1467, next 16.4.6).
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type Page, type Request } from "@playwright/test";

/** `after`: indexes of the recorded requests that had finished before this one was sent. */
export type RecordedRequest = { url: string; headers: Record<string, string>; after: number[] };

const require = createRequire(path.resolve(import.meta.dirname, "../package.json"));
const { computeCacheBustingSearchParam } = require("next/dist/shared/lib/router/utils/cache-busting-search-param") as {
  computeCacheBustingSearchParam: (prefetch?: string, segment?: string, stateTree?: string, nextUrl?: string) => Promise<string>;
};

const LEFT_OUT = /\/_next\/static\/|\/icon\.svg|\/favicon/;

/** Chromium with one page signed in by `cookie` (a Cookie header's text) on `base`; close the browser after. */
export async function signedInPage(base: string, cookie: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addCookies(cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  }));
  return { browser, page: await context.newPage() };
}

export async function recordPageRequests(base: string, cookie: string, pagePath: string): Promise<RecordedRequest[]> {
  const { browser, page } = await signedInPage(base, cookie);
  try {
    const recorded: RecordedRequest[] = [];
    const finished = new Set<number>();
    const indexOf = new Map<Request, number>();
    page.on("request", (request) => {
      if (request.url().startsWith(base) && !LEFT_OUT.test(request.url()) && request.resourceType() !== "document") {
        indexOf.set(request, recorded.length);
        recorded.push({ url: request.url().slice(base.length), headers: request.headers(), after: [...finished] });
      }
    });
    const finish = (request: Request) => {
      const index = indexOf.get(request);
      if (index !== undefined) finished.add(index);
    };
    page.on("requestfinished", finish);
    page.on("requestfailed", finish);
    await page.goto(`${base}${pagePath}`, { waitUntil: "networkidle" });
    // Prefetches are scheduled after hydration, on idle: give them time beyond network idle.
    await page.waitForTimeout(1500);
    await page.waitForLoadState("networkidle");
    return recorded;
  } finally {
    await browser.close();
  }
}

/** The recorded request for another item: ids replaced, `_rsc` recomputed for the new headers. */
export async function moveRequest(request: RecordedRequest, ids: Map<string, string>): Promise<RecordedRequest> {
  const pattern = new RegExp([...ids.keys()].join("|"), "g");
  const move = (text: string) => text.replace(pattern, (id) => ids.get(id)!);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, move(v)]));
  const url = new URL(move(request.url), "http://127.0.0.1");
  if (url.searchParams.has("_rsc")) {
    const state = headers["next-router-state-tree"];
    url.searchParams.set("_rsc", await computeCacheBustingSearchParam(headers["next-router-prefetch"], headers["next-router-segment-prefetch"], state, headers["next-url"]));
  }
  return { url: `${url.pathname}${url.search}`, headers, after: request.after };
}
