import { z } from "zod";

export const PAGE_SIZE = { tickets: 40, default: 20 } as const;

export const pageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** Fetches one row more than the page to know whether another page exists. */
export function pageWindow(pageNumber: number, size: number = PAGE_SIZE.default) {
  return { limit: size + 1, offset: (pageNumber - 1) * size, size };
}

export function pageOf<T>(rows: T[], size: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, size), hasMore: rows.length > size };
}
