import { wallClock } from "../../time-zone";

/** The UTC instants [from, to) of a calendar day (yyyy-MM-dd) in an IANA time zone, DST included. */
export function dayRange(day: string, timeZone: string): { from: string; to: string } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return { from: localMidnight(y, m, d, timeZone).toISOString(), to: localMidnight(y, m, d + 1, timeZone).toISOString() };
}

function localMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess may differ from the offset at the answer when a DST change falls in between.
  let at = guess - offsetMs(guess, timeZone);
  at = guess - offsetMs(at, timeZone);
  return new Date(at);
}

/** How far the zone's wall clock is ahead of UTC at this instant. */
function offsetMs(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  const get = (part: keyof typeof c) => Number(c[part]);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}
