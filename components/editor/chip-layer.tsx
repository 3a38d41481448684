"use client";
// The labels on the canvas, where canvas-chips.ts placed them: a coloured tag per chip, and a
// thin line back to what it names when the chip had to stand away from it. Hidden as a whole
// with O (the editor's "labels" switch), so nothing covers the pixels under them.
import { Group, Label, Layer, Line, Tag, Text } from "react-konva";
import { CHIP_FONT_FAMILY, CHIP_FONT_SIZE, CHIP_PADDING, type CanvasChip } from "@/components/editor/canvas-chips";
import type { Rect } from "@/lib/editor/chip-layout";

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

// From the chip's edge to the nearest point of its anchor.
function leader(chip: Rect, anchor: Rect): number[] {
  const ax = clamp(chip.x + chip.width / 2, anchor.x, anchor.x + anchor.width);
  const ay = clamp(chip.y + chip.height / 2, anchor.y, anchor.y + anchor.height);
  const cx = clamp(ax, chip.x, chip.x + chip.width);
  const cy = clamp(ay, chip.y, chip.y + chip.height);
  return [cx, cy, ax, ay];
}

export function ChipLayer({ chips }: { chips: readonly CanvasChip[] }) {
  return (
    <Layer listening={false}>
      {chips.filter((chip) => chip.isDetached).map((chip) => (
        <Group key={`${chip.key}:leader`}>
          <Line points={leader(chip, chip.anchor)} stroke="#ffffff" strokeWidth={3} opacity={0.7} />
          <Line points={leader(chip, chip.anchor)} stroke={chip.style.line} strokeWidth={1.25} />
        </Group>
      ))}
      {chips.map((chip) => (
        <Label key={chip.key} x={chip.x} y={chip.y}>
          <Tag fill={chip.style.fill} cornerRadius={2} stroke="rgba(255,255,255,0.7)" strokeWidth={0.5} />
          <Text text={chip.label} fontSize={CHIP_FONT_SIZE} fontFamily={CHIP_FONT_FAMILY} fill={chip.style.text} padding={CHIP_PADDING} />
        </Label>
      ))}
    </Layer>
  );
}
