// Where the screen changed before the next step (Step.nextScreenRegions, computed at import):
// dashed outlines in image pixels, drawn under the action so its marker stays on top. Outlines
// only, no fill: the pixels inside are what the reviewer is looking at.
import type { Region } from "@/lib/domain/screen-diff";

export function ChangedRegions({ regions }: { regions: readonly Region[] }) {
  return (
    <g data-testid="changed-regions" data-count={regions.length}>
      {regions.map(([x1, y1, x2, y2], i) => {
        const box = { x: x1, y: y1, width: x2 - x1, height: y2 - y1, fill: "none", vectorEffect: "non-scaling-stroke" } as const;
        return (
          <g key={i} data-testid="changed-region" data-box={`${x1},${y1},${x2},${y2}`}>
            <rect {...box} stroke="white" strokeWidth={4} strokeOpacity={0.8} />
            <rect {...box} stroke="#0284c7" strokeWidth={2} strokeDasharray="7 4" />
          </g>
        );
      })}
    </g>
  );
}
