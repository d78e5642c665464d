/** How long a ticket has been in its lane, in its largest unit (minutes under an hour, hours under a day, then days). */
export function laneAge(since: string, now: number, locale: string): string {
  const ms = Math.max(0, now - Date.parse(since));
  const [unit, n] =
    ms < 3_600_000
      ? (["minute", Math.floor(ms / 60_000)] as const)
      : ms < 86_400_000
        ? (["hour", Math.floor(ms / 3_600_000)] as const)
        : (["day", Math.floor(ms / 86_400_000)] as const);
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "narrow" }).format(n);
}
