import { useEffect, useState } from "react";

type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Splits the time left until `endMs` into days, hours, minutes and seconds (all zero once it has passed). */
export function countdownParts(endMs: number, nowMs: number): CountdownParts {
  const totalSeconds = Math.max(0, Math.floor((endMs - nowMs) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** The time left until `endDate` (ISO), ticking every second; undefined for a missing or invalid date. */
export function useCountdown(endDate: string | undefined): CountdownParts | undefined {
  const endMs = endDate ? Date.parse(endDate) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(endMs)) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endMs]);
  return Number.isFinite(endMs) ? countdownParts(endMs, now) : undefined;
}
