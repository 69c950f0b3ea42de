import { useEffect, useRef, useState } from "react";

/**
 * Seconds until `deadline`, re-rendered each second; 0 once it has passed (then `onEnd` runs, once). Read from the
 * clock at each render: a time kept from before the deadline arrived would show more than is left.
 */
export function useSecondsLeft(deadline: string | null, onEnd?: () => void): number {
  const [, setTick] = useState(0);
  const left = deadline ? Math.max(0, Math.floor((Date.parse(deadline) - Date.now()) / 1000)) : 0;
  // The deadline onEnd last ran for, so it runs once for each.
  const endedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  useEffect(() => {
    if (deadline && left === 0 && endedFor.current !== deadline) {
      endedFor.current = deadline;
      onEnd?.();
    }
  });
  return left;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** Seconds as '2d 04:05:06', or '04:05:06' under a day. */
export function formatTimeLeft(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const clock = `${twoDigits(Math.floor((seconds % 86_400) / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
