import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";

/** The report's filter as the page holds it: the company's days (both included, required), and optional narrowings. */
export interface ReportFilter {
  dateFrom: string;
  dateTo: string;
  queueId?: number;
  userId?: number;
  tagId?: number;
  status?: string;
  whatsappId?: number;
}

export interface ReportTicket {
  id: number;
  uuid: string;
  contact: { id: number; name: string; number: string };
  connection: string | null;
  channel: string;
  queue: string | null;
  user: string | null;
  status: string;
  tags: { id: number; name: string; color: string }[];
  createdAt: string;
  firstQueuedAt: string | null;
  firstAcceptedAt: string | null;
  lastClosedAt: string | null;
  waitMinutes: number | null;
  serviceMinutes: number | null;
  rating: number | null;
}

export interface ReportPage {
  tickets: ReportTicket[];
  count: number;
  hasMore: boolean;
}

/** The statuses a ticket can have (the status filter's options). */
export const REPORT_STATUSES = ["pending", "open", "closed", "group", "nps", "lgpd"] as const;

/** The filter as query parameters, shared by the page and the export so the file holds the rows shown. */
export function reportParams(f: ReportFilter): Record<string, string> {
  const out: Record<string, string> = { dateFrom: f.dateFrom, dateTo: f.dateTo };
  if (f.queueId) out.queueIds = `[${f.queueId}]`;
  if (f.userId) out.userId = String(f.userId);
  if (f.tagId) out.tagId = String(f.tagId);
  if (f.status) out.status = f.status;
  if (f.whatsappId) out.whatsappId = String(f.whatsappId);
  return out;
}

/** GET /api/ticketreport/reports, 40 a page, newest first: the table's infinite list. */
export const reportQuery = (f: ReportFilter) =>
  infiniteQueryOptions({
    queryKey: keys.reports(f),
    queryFn: ({ pageParam, signal }) => api.get<ReportPage>("/api/ticketreport/reports", { ...reportParams(f), pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ReportPage, all: ReportPage[]) => (last.hasMore ? all.length + 1 : undefined),
  });

/** The export's address for a format under the filter. */
export const exportPath = (f: ReportFilter, format: "csv" | "xlsx") => `/api/ticketreport/export?${new URLSearchParams({ ...reportParams(f), format })}`;
