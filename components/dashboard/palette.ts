// Colours shared by the dashboard charts, distinguishable side by side (Tailwind 600s).
export const SERIES_COLORS = ["#2563eb", "#059669", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#65a30d", "#dc2626"];

export const TIER_COLORS = { gold: "#ca8a04", rewrite: "#2563eb", discard: "#dc2626", unscored: "#94a3b8" } as const;

export const STATUS_COLORS = {
  verified: "bg-emerald-500",
  rejected: "bg-rose-500",
  in_review: "bg-amber-400",
  awaiting_adjudication: "bg-orange-500",
  reopened: "bg-sky-400",
  source_changed: "bg-fuchsia-500",
  unreviewed: "bg-slate-300",
} as const;
