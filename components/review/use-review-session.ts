"use client";
// A review screen's session: the item on screen is data held here, not a server-rendered
// document. The server page renders the first item; from then on the screen keeps the item a
// submit goes to (and the one after it) fetched ahead as data from the screen-data route, with
// its screenshots decoded, and moving on swaps that data in and puts its address in the
// history, so "Submit and next" shows the next item without a document or a server render.
// The swap happens once the submit's save has answered: a refused or conflicting save keeps the
// person on their item with its message (the save bar's), and nothing has to be taken back.
//
// The address is the truth: a reload, Back and Forward show what the address names. Back or
// Forward between swapped items swaps again (popstate); a history entry Next.js restores with
// the first item's render is corrected on mount; a router.refresh() (after a server action)
// brings the server's newer read of the current address, which is adopted.
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { decodeAhead } from "@/components/editor/decoded-images";
import { afterNextPaint } from "@/components/review/after-next-paint";

export type SessionKind<S> = {
  /** The screen-data route for a page address of this screen, or null when the address is another page. */
  dataUrlOf(address: string): string | null;
  /** The address a screen stands at. */
  addressOf(screen: S): string;
  /** Where the person goes from this screen next, most likely first (a submit's target first). */
  ahead(screen: S): string[];
  /** The images the screen paints first: decoded ahead, so the swap paints at once. */
  imagesOf(screen: S): string[];
  /** Where the next item cannot be read ahead (a queue's choice), the screenshots it will most likely open on. */
  likelyImagesOf(screen: S): string[];
};

type Entry<S> = { at: number; screen: Promise<S> };
type HistoryMode = "push" | "replace" | "none";
/** What a screen calls to show another address: `screen`, when the caller already holds that
 * address's screen (a queue-mode submit's reply carries the next item's), is shown as it is. */
export type GoTo = (address: string, screen?: unknown) => void;

// A screen read ahead is used for this long; older, it is read again (someone may have answered
// or reopened the item meanwhile: what a swap shows must be as fresh as a page load would be).
const FRESH_MS = 60_000;
// Screens kept: the next ones and the few just left (Back is common).
const KEPT = 8;

const pathOf = (address: string) => new URL(address, window.location.origin).pathname;
const here = () => window.location.pathname + window.location.search;

async function fetchScreen<S>(url: string): Promise<S> {
  const response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`screen ${response.status}`);
  return ((await response.json()) as { screen: S }).screen;
}

function keepLast<K, V>(map: Map<K, V>, key: K, value: V) {
  map.delete(key);
  map.set(key, value);
  while (map.size > KEPT) map.delete(map.keys().next().value as K);
}

export function useReviewSession<S>(initial: S, kind: SessionKind<S>) {
  const router = useRouter();
  const [screen, setScreen] = useState(initial);
  const [adopted, setAdopted] = useState(initial);
  // One per swap: the screen below is keyed by it, so each item shown starts afresh (even the
  // same item shown again, as a queue claim the server kept open comes back), while a refresh's
  // newer read of the same item keeps what the person was doing.
  const [visit, setVisit] = useState(0);
  // A newer server render of the page (router.refresh after a server action): it is the current
  // address's, unless the person has already moved on from the address it was asked for.
  if (initial !== adopted) {
    setAdopted(initial);
    if (typeof window === "undefined" || pathOf(kind.addressOf(initial)) === window.location.pathname) setScreen(initial);
  }
  const screens = useRef(new Map<string, Entry<S>>());
  // The latest move: an earlier one still loading must not land over it.
  const moves = useRef(0);

  function read(address: string): Promise<S> | null {
    const url = kind.dataUrlOf(address);
    if (!url) return null;
    const kept = screens.current.get(address);
    if (kept && Date.now() - kept.at < FRESH_MS) return kept.screen;
    const screen = fetchScreen<S>(url);
    keepLast(screens.current, address, { at: Date.now(), screen });
    screen.then((s) => kind.imagesOf(s).forEach(decodeAhead)).catch(() => screens.current.delete(address));
    return screen;
  }

  /** Shows the screen at `address`: at once when it was read ahead, else once read. Another page
   * (the list, the queue's end) is a router navigation; a screen that cannot be read (gone, no
   * access any more, signed out) is a page load, whose page says what is wrong. */
  async function go(address: string, history: HistoryMode = "push", held?: unknown) {
    const move = ++moves.current;
    // What was read of the item being left is stale once the person saved on it: read it again
    // if they come back.
    screens.current.delete(kind.addressOf(screen));
    const isHeld = isScreenAt(held, address);
    // Its screenshot is asked for now, while React renders the screen, not once the editor mounts.
    if (isHeld) kind.imagesOf(held).forEach(decodeAhead);
    const next = isHeld ? Promise.resolve(held) : read(address);
    if (!next) {
      router.push(address);
      return;
    }
    let shown: S;
    try {
      shown = await next;
    } catch {
      if (move === moves.current) window.location.assign(address);
      return;
    }
    if (move !== moves.current) return;
    setScreen(shown);
    setVisit((n) => n + 1);
    if (history === "push") window.history.pushState(null, "", address);
    if (history === "replace") window.history.replaceState(null, "", address);
    if (history !== "none") window.scrollTo(0, 0);
  }

  // A screen handed over is used only for the address it says it stands at.
  function isScreenAt(held: unknown, address: string): held is S {
    return typeof held === "object" && held !== null && kind.dataUrlOf(address) !== null && pathOf(kind.addressOf(held as S)) === pathOf(address);
  }

  // Read ahead from every screen shown: the next ones, and the one after the first of them. The
  // first (where a submit goes) is asked for alone, the others once it is in: the server reads it
  // with nothing of ours queued beside it (issue 38; the others were half its wait on PostgreSQL).
  // All of it after the screen is painted: a swap's effects run before its first frame (React
  // flushes them at once after a keypress's render), and starting these requests and decodes
  // there kept the new item off the screen a few ms longer (Chromium's trace of a swap).
  useEffect(() => {
    const readAhead = () => {
      kind.imagesOf(screen).forEach(decodeAhead);
      kind.likelyImagesOf(screen).forEach(decodeAhead);
      const [first, ...rest] = kind.ahead(screen);
      if (!first) return;
      const readRest = (after: string | undefined) => [...rest, ...(after ? [after] : [])].forEach((address) => read(address)?.catch(() => undefined));
      const firstRead = read(first);
      if (!firstRead) {
        readRest(undefined);
        return;
      }
      firstRead.then((s) => readRest(kind.ahead(s)[0])).catch(() => readRest(undefined));
    };
    return afterNextPaint(readAhead);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per screen shown
  }, [screen]);

  // Back and Forward between swapped items; and on mount, an address that is not the rendered
  // item's (Next.js restored a history entry with the first item's render).
  useEffect(() => {
    const follow = () => {
      if (kind.dataUrlOf(here()) && pathOf(kind.addressOf(screen)) !== window.location.pathname) void go(here(), "none");
    };
    follow();
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the screen shown
  }, [screen]);

  const goTo: GoTo = (address, held) => void go(address, "push", held);
  return { screen, visit, go: goTo };
}
