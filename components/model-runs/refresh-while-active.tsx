"use client";
// Re-renders the page (its server data) every few seconds while something on it is still
// queued or running, so a list of runs shows their progress without a reload.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function RefreshWhileActive({ active, everyMs = 3000 }: { active: boolean; everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, router]);
  return null;
}
