"use client";
// A link between items of a review screen: a plain click swaps the screen to the item
// (use-review-session.ts); a click that asks for a new tab or window, and a link opened from
// the context menu, is the browser's ordinary link.
import type { MouseEvent, ReactNode } from "react";

type Props = { href: string; go: (address: string) => void; className?: string; children: ReactNode; onLeave?: () => void };

export function SwapLink({ href, go, className, children, onLeave }: Props) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onLeave?.();
    go(href);
  }
  return <a href={href} className={className} onClick={onClick}>{children}</a>;
}
