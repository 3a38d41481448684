// How the estimates read on the pages and in the tests that check them: rates in percent with
// one decimal, interval ends joined by an en dash, half-widths and differences in points.
export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
export const range = (low: number, high: number) => `${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}%`;
export const points = (halfWidth: number) => `±${(halfWidth * 100).toFixed(1)} points`;
export const signedPoints = (difference: number) => `${difference > 0 ? "+" : difference < 0 ? "−" : ""}${Math.abs(difference * 100).toFixed(1)} points`;
export const pointsRange = (low: number, high: number) => `${signedPoints(low)} to ${signedPoints(high)}`;
