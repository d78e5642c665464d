import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";

/** The filter as the dashboard sends it: the company's days (both included), optionally a queue or a user. */
export interface DashboardFilter {
  dateFrom: string;
  dateTo: string;
  queueId?: number;
  userId?: number;
}

export interface Counters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  supportGroups: number;
  leads: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
  activeTickets: number;
  passiveTickets: number;
  tickets: number;
  activeAttendants: number;
  messagesReceived: number;
  messagesSent: number;
  npsScore: number | null;
  npsPromotersPerc: number;
  npsDetractorsPerc: number;
  npsPassivePerc: number;
  waitRating: number;
  withRating: number;
  withoutRating: number;
  percRating: number;
}

export interface Attendant {
  id: number;
  name: string;
  rating: number | null;
  countRating: number;
  tickets: number;
  avgWaitTime: number | null;
  avgSupportTime: number | null;
  online: boolean;
}

const params = (f: DashboardFilter) => ({ dateFrom: f.dateFrom, dateTo: f.dateTo, queueIds: f.queueId ? `[${f.queueId}]` : undefined, userId: f.userId });
const chartParams = (f: DashboardFilter) => ({ initialDate: f.dateFrom, finalDate: f.dateTo });

export const dashboardQuery = (f: DashboardFilter) =>
  queryOptions({
    queryKey: keys.dashboard.figures(f),
    queryFn: ({ signal }) => api.get<{ counters: Counters; attendants: Attendant[] }>("/api/dashboard", params(f), signal),
  });

export const ticketsDayQuery = (f: DashboardFilter) =>
  queryOptions({
    queryKey: keys.dashboard.ticketsDay(f.dateFrom, f.dateTo),
    queryFn: ({ signal }) => api.get<{ by: "day" | "hour"; data: { at: string; total: number }[] }>("/api/dashboard/ticketsDay", chartParams(f), signal),
  });

export const ticketsUsersQuery = (f: DashboardFilter) =>
  queryOptions({
    queryKey: keys.dashboard.ticketsUsers(f.dateFrom, f.dateTo),
    queryFn: ({ signal }) => api.get<{ data: { userId: number | null; name: string; total: number }[] }>("/api/dashboard/ticketsUsers", chartParams(f), signal),
  });
