"use client";
// A fixed-height frame for a recharts chart. Recharts measures its container in the browser,
// so on the server (and before hydration) the frame keeps its height empty instead of
// rendering a zero-sized chart; useSyncExternalStore tells the two apart without an effect.
import { useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};

export function ChartBox({ height = 280, label, children }: { height?: number; label: string; children: ReactNode }) {
  const isClient = useSyncExternalStore(subscribe, () => true, () => false);
  return (
    <div role="figure" aria-label={label} style={{ height }} className="w-full">
      {isClient ? children : null}
    </div>
  );
}
