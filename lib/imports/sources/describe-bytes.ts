// Byte counts as people read them in refusal messages ("10 GiB", "256 MiB", "1.5 KiB").
// Binary units, because the limits are set in binary units.
const UNITS = ["KiB", "MiB", "GiB", "TiB", "PiB"] as const;

export function describeBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
