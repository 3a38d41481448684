// A sample's screenshot thumbnail with its target box drawn over it, in the image's own
// coordinate space (an SVG viewBox of the image size), so the box stays exact at any size.
// `aroundBox` shows the neighbourhood of the box instead of the whole screenshot (from the
// full image, so the crop stays sharp): enough context to judge it, at a size one can see.
import { ImageMissingLabel, TargetAbsentLabel } from "@/components/projects/thumbnail-labels";
import { windowAround } from "@/lib/samples/crop-window";

type Props = {
  sample: {
    instruction: string;
    imageMissing: boolean;
    imageRef: string | null;
    targetAbsent: boolean;
    boxX1: number | null;
    boxY1: number | null;
    boxX2: number | null;
    boxY2: number | null;
    media: { id: string; width: number; height: number } | null;
  };
  aroundBox?: boolean;
};

export function SampleThumbnail({ sample, aroundBox = false }: Props) {
  const { media } = sample;
  if (!media || sample.imageMissing) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center bg-slate-100 p-2 text-center text-xs text-slate-600">
        <span className="font-medium"><ImageMissingLabel /></span>
        {sample.imageRef && <span className="mt-1 break-all font-mono">{sample.imageRef}</span>}
      </div>
    );
  }
  const hasBox = sample.boxX1 !== null && sample.boxY1 !== null && sample.boxX2 !== null && sample.boxY2 !== null;
  const zoomed = aroundBox && hasBox ? windowAround({ x1: sample.boxX1!, y1: sample.boxY1!, x2: sample.boxX2!, y2: sample.boxY2! }, media) : null;
  const view = zoomed ?? { x: 0, y: 0, width: media.width, height: media.height };
  return (
    <div className="relative flex aspect-[4/3] items-center justify-center bg-slate-900" data-view={zoomed ? "around-box" : "whole"}>
      <svg viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`} className="h-full max-w-full" role="img" aria-label={sample.instruction}>
        <image href={`/api/media/${media.id}${zoomed ? "" : "?variant=thumb"}`} width={media.width} height={media.height} />
        {hasBox && (
          <rect x={sample.boxX1!} y={sample.boxY1!} width={sample.boxX2! - sample.boxX1!} height={sample.boxY2! - sample.boxY1!}
            fill="rgba(250,204,21,0.15)" stroke="#facc15" strokeWidth={Math.max(view.width, view.height) / 200} />
        )}
      </svg>
      {sample.targetAbsent && (
        <span className="absolute top-2 left-2 rounded bg-rose-600 px-1.5 py-0.5 text-xs font-medium text-white"><TargetAbsentLabel /></span>
      )}
    </div>
  );
}
