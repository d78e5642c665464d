import { useQuery } from "@tanstack/react-query";
import { settingsQuery } from "../queries";

/** One company setting's value (GET /api/settings answers every key with its default); undefined while loading. */
export function useCompanySetting(key: string): string | undefined {
  const q = useQuery({ ...settingsQuery, select: (rows) => rows.find((r) => r.key === key)?.value });
  return q.data;
}
