"use client";
// One box editor kept mounted while a review session swaps items (issue 38). Mounting an
// editor builds a Konva stage, a canvas per layer sized to the stage, and the profile of a
// grounding swap in Chromium showed that to be most of the swap: about 110 ms of canvas
// allocation per item (each layer's canvas sized at mount, and again when the new workspace
// settled its height), against a few ms for React to render the new item's screen.
//
// So the session (KeptEditorHost) renders one editor, through a portal, into a DOM node of
// its own, and each item's screen shows that node in its slot (KeptBoxEditor): moving a DOM
// node is not a remount, so the stage, its canvases and their sizes survive the swap. The
// item's props reach the editor through the host on every render of the item's screen (a
// layout effect, so the first frame of a new item already draws it); a new `loadKey` loads
// the new item into the editor as it always did. Outside a host (adjudication) it is the
// ordinary lazily loaded editor.
import { createContext, use, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { BoxEditorProps } from "@/components/editor/box-editor";
import { BoxEditorLazy, BoxEditorSkeleton } from "@/components/editor/box-editor-lazy";

type Host = { node: HTMLDivElement; show: (props: BoxEditorProps | null) => void };

// `{ host: null }`: inside a host, on the server (no DOM yet); null: no host at all.
const HostContext = createContext<{ host: Host | null } | null>(null);

export function KeptEditorHost({ children }: { children: ReactNode }) {
  const [props, setProps] = useState<BoxEditorProps | null>(null);
  // Created once, on the client only: the server renders the slot empty (as the lazy editor's skeleton would be).
  const [held] = useState<{ host: Host | null }>(() => {
    if (typeof document === "undefined") return { host: null };
    const node = document.createElement("div");
    node.className = "h-full";
    node.dataset.testid = "kept-editor";
    return { host: { node, show: setProps } };
  });
  const { host } = held;
  return (
    <HostContext value={held}>
      {children}
      {host && props && createPortal(<BoxEditorLazy {...props} />, host.node)}
    </HostContext>
  );
}

/** The box editor for this item: the session's kept one when there is a host, else a fresh one. */
export function KeptBoxEditor(props: BoxEditorProps) {
  const held = use(HostContext);
  const host = held?.host ?? null;
  const slot = useRef<HTMLDivElement>(null);
  // The server's page (and so the hydrating render) holds a skeleton in the slot until the editor moves in.
  const [isAttached, setAttached] = useState(false);
  // Every render: the editor draws this item's current answer, predictions and callbacks.
  useLayoutEffect(() => {
    host?.show(props);
  });
  useLayoutEffect(() => {
    const element = slot.current;
    if (!host || !element) return;
    element.appendChild(host.node);
    setAttached(true);
    // Keyboard-first, as a freshly mounted editor is: moving the node took its focus away
    // (the old item's screen was removed with it); give it back unless the person is elsewhere.
    if (document.activeElement === null || document.activeElement === document.body) {
      host.node.querySelector<HTMLElement>('[data-testid="box-editor"]')?.focus({ preventScroll: true });
    }
    return () => {
      host.node.remove();
      // The next item's screen shows it again in the same commit (no remount); an item without
      // a screenshot does not, and the editor goes.
      host.show(null);
    };
  }, [host]);
  if (!held) return <BoxEditorLazy {...props} />;
  return (
    <div ref={slot} className="h-full" data-testid="kept-editor-slot">
      {!isAttached && <BoxEditorSkeleton />}
    </div>
  );
}
