// A sample's screenshot thumbnail with its target box drawn over it, in the image's own
// coordinate space (an SVG viewBox of the image size), so the box stays exact at any size.
// `aroundBox` shows the neighbourhood of the box instead of the whole screenshot (from the
// full image, so the crop stays sharp): enough context to judge it, at a size one can see.
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

type Box = { x1: number; y1: number; x2: number; y2: number };

/** A 4:3 window around the box: four times its size, at least a third of the image, inside it. */
export function windowAround(box: Box, image: { width: number; height: number }) {
  const boxW = Math.max(1, box.x2 - box.x1);
  const boxH = Math.max(1, box.y2 - box.y1);
  let width = Math.max(boxW * 4, (boxH * 4 * 4) / 3, image.width / 3);
  let height = (width * 3) / 4;
  if (width > image.width) [width, height] = [image.width, (image.width * 3) / 4];
  if (height > image.height) [width, height] = [(image.height * 4) / 3, image.height];
  const clamp = (v: number, size: number, limit: number) => Math.min(Math.max(0, v), Math.max(0, limit - size));
  const x = clamp((box.x1 + box.x2) / 2 - width / 2, width, image.width);
  const y = clamp((box.y1 + box.y2) / 2 - height / 2, height, image.height);
  return { x, y, width, height };
}

export function SampleThumbnail({ sample, aroundBox = false }: Props) {
  const { media } = sample;
  if (!media || sample.imageMissing) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center bg-slate-100 p-2 text-center text-xs text-slate-600">
        <span className="font-medium">Image missing</span>
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
        <span className="absolute top-2 left-2 rounded bg-rose-600 px-1.5 py-0.5 text-xs font-medium text-white">target absent</span>
      )}
    </div>
  );
}
