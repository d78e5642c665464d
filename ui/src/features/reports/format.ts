import { ddmmyyyy, hhmm } from "../tickets/format";

/** An instant as the report's table shows it, in the browser's time: dd/MM/yyyy and HH:mm. */
export function stamp(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? { date: "—", time: "" } : { date: ddmmyyyy(d), time: hhmm(d) };
}

/** Bytes received so far, in the reader's language: "840 kB", "12.5 MB". */
export function bytes(n: number, language: string): string {
  const mb = n >= 1_000_000;
  return new Intl.NumberFormat(language, { style: "unit", unit: mb ? "megabyte" : "kilobyte", maximumFractionDigits: mb ? 1 : 0 }).format(
    mb ? n / 1_000_000 : n / 1000,
  );
}
