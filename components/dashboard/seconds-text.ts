// A duration for people: seconds under a minute and a half, then minutes, then hours.
export function secondsText(s: number | null): string {
  if (s === null) return "—";
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 5400) return `${(s / 60).toFixed(1)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}
