/** Minutes as the cards show them: "42 min", "3 h 05 min"; none measured: "—". */
export function duration(minutes: number | null): string {
  if (minutes === null) return "—";
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

export const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
