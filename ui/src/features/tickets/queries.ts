import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { session } from "../auth/store";
import { applyTicket, removeTicket, upsertMessage } from "./cache";
import type { Message, MessagesPage, MessageTemplate, Ticket, TicketListParams, TicketsPage } from "./types";

const json = (ids: readonly unknown[] | undefined) => (ids?.length ? JSON.stringify(ids) : undefined);

/** GET /api/tickets: 40 a page; list filters travel as JSON arrays. */
export const ticketsListQuery = (p: TicketListParams) =>
  infiniteQueryOptions({
    queryKey: keys.tickets.list(p),
    queryFn: ({ pageParam, signal }) =>
      api.get<TicketsPage>(
        "/api/tickets",
        {
          pageNumber: pageParam,
          status: p.status,
          showAll: p.showAll,
          queueIds: json(p.queueIds),
          sortTickets: p.sortTickets,
          searchParam: p.searchParam,
          searchOnMessages: p.searchOnMessages || undefined,
          tags: json(p.tags),
          whatsapps: json(p.whatsapps),
          users: json(p.users),
          statusFilter: json(p.statusFilter),
        },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });

/**
 * The bell's tickets: the user's own view (their tickets and the waiting ones of their queues), live statuses only,
 * with unread messages; the first page of 40 and the count.
 */
export const unreadTicketsQuery = queryOptions({
  queryKey: keys.tickets.unread,
  queryFn: ({ signal }) =>
    api.get<TicketsPage>("/api/tickets", { pageNumber: 1, showAll: false, withUnreadMessages: true, statusFilter: json(["open", "pending", "group"]) }, signal),
});

export const ticketQuery = (uuid: string) =>
  queryOptions({ queryKey: keys.tickets.byUuid(uuid), queryFn: () => api.get<Ticket>(`/api/tickets/u/${uuid}`), staleTime: 0, retry: false });

/** GET /api/messages/:ticketId: page 1 is the newest 20, each page chronological. */
export const messagesQuery = (ticketId: number) =>
  infiniteQueryOptions({
    queryKey: keys.messages.ticket(ticketId),
    queryFn: ({ pageParam, signal }) => api.get<MessagesPage>(`/api/messages/${ticketId}`, { pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    staleTime: 0,
  });

export interface TicketUpdate {
  status?: Ticket["status"];
  userId?: number | null;
  queueId?: number | null;
  sendFarewellMessage?: boolean;
  amountUsedBotQueues?: number;
  msgTransfer?: string;
  isTransfered?: boolean;
  ratingId?: number;
}

const me = () => ({ id: session.user?.id ?? 0 });

/** PUT /api/tickets/:id: every ticket transition; the answer lands in the lists at once. */
export function useUpdateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TicketUpdate }) => api.put<Ticket>(`/api/tickets/${id}`, body),
    onSuccess: (ticket) => ticket?.id && applyTicket(qc, ticket, me()),
    // useTicketActions shows the error: an open-ticket conflict is a dialog, not a toast.
    meta: { silent: true },
  });
}

/** POST /api/tickets; ERR_OTHER_OPEN_TICKET is handled by the caller (the already-open dialog). */
export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { contactId: number; queueId: number; whatsappId: number; userId: number; status: "open" }) => api.post<Ticket>("/api/tickets", body),
    onSuccess: (ticket) => ticket?.id && applyTicket(qc, ticket, me()),
    meta: { silent: true },
  });
}

export function useDeleteTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/tickets/${id}`),
    onSuccess: (_r, id) => removeTicket(qc, id),
  });
}

export function useCloseAll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: Ticket["status"]; selectedQueueIds: number[] }) => api.post("/api/tickets/closeAll", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.tickets.lists }),
  });
}

export interface SendText {
  body: string;
  isPrivate: boolean;
  quotedMsg?: { id: number } | null;
  signMessage?: boolean;
}

function landMessages(qc: ReturnType<typeof useQueryClient>, r: { message?: Message; messages?: Message[] }) {
  for (const m of r.messages ?? (r.message ? [r.message] : [])) upsertMessage(qc, m);
}

/** POST /api/messages/:ticketId (JSON). */
export function useSendMessage(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendText) => api.post<{ message: Message; messages?: Message[] }>(`/api/messages/${ticketId}`, body),
    onSuccess: (r) => landMessages(qc, r),
  });
}

/** GET /api/whatsapp/:id/templates: the connection's approved templates, read when the picker opens. */
export const templatesQuery = (whatsappId: number) =>
  queryOptions({ queryKey: keys.templates(whatsappId), queryFn: () => api.get<MessageTemplate[]>(`/api/whatsapp/${whatsappId}/templates`) });

export interface TemplateSend {
  name: string;
  language: string;
  components?: { type: "body"; parameters: { type: "text"; text: string }[] }[];
}

/** POST /api/messages/:ticketId/template: the only send a closed reply window allows. */
export function useSendTemplate(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateSend) => api.post<{ message: Message }>(`/api/messages/${ticketId}/template`, body),
    onSuccess: (r) => landMessages(qc, r),
  });
}

/** POST /api/messages/:ticketId (multipart): one file and its caption. */
export function useSendMedia(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      caption,
      isPrivate,
      quotedMsg,
      signMessage,
    }: {
      file: File;
      caption: string;
      isPrivate: boolean;
      quotedMsg?: number;
      signMessage?: boolean;
    }) => {
      const form = new FormData();
      form.append("medias", file, file.name);
      form.set("body", caption);
      form.set("isPrivate", String(isPrivate));
      if (signMessage) form.set("signMessage", "true");
      if (quotedMsg) form.set("quotedMsg", String(quotedMsg));
      return api.post<{ message: Message; messages?: Message[] }>(`/api/messages/${ticketId}`, form);
    },
    onSuccess: (r) => landMessages(qc, r),
  });
}

export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => api.post<Message>(`/api/messages/edit/${id}`, { body }),
    onSuccess: (m) => m?.id && upsertMessage(qc, m),
  });
}

export function useDeleteMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/api/messages/${id}`),
    onSuccess: (m) => m?.id && upsertMessage(qc, m),
  });
}

export function useReact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, emoji }: { id: number; emoji: string }) => api.post<Message>(`/api/messages/${id}/reactions`, { type: emoji }),
    onSuccess: (m) => m?.id && upsertMessage(qc, m),
  });
}

export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Message>(`/api/messages/${id}/retry`),
    onSuccess: (m) => m?.id && upsertMessage(qc, m),
  });
}

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  /** Its file as a signed link (1 hour), with the file's name and type. */
  mediaPath?: string | null;
  mediaName?: string | null;
  mediaType?: string | null;
}

/**
 * A quick message's file, ready to send as an attachment. The message is read again first: its link in the input's
 * list may be older than the hour a signed link lasts.
 */
export async function quickMessageFile(id: number): Promise<File | null> {
  const m = await api.get<QuickMessage>(`/api/quick-messages/${id}`);
  if (!m.mediaPath) return null;
  const res = await fetch(m.mediaPath, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`quick message file: ${res.status}`);
  const blob = await res.blob();
  return new File([blob], m.mediaName || "file", { type: m.mediaType || blob.type });
}

export const quickMessagesQuery = queryOptions({
  queryKey: keys.quickMessages,
  queryFn: () => api.get<QuickMessage[]>("/api/quick-messages/list", { companyId: session.user?.companyId, userId: session.user?.id }),
  staleTime: 60_000,
});

/** Company settings as GET /api/settings lists them; the inbox reads a few keys. */
export const settingsQuery = queryOptions({
  queryKey: keys.settings,
  queryFn: () => api.get<{ key: string; value: string }[]>("/api/settings"),
  staleTime: 5 * 60_000,
});

export const usersPickerQuery = queryOptions({
  queryKey: keys.usersPicker,
  queryFn: () => api.get<{ id: number; name: string }[]>("/api/users/list"),
  staleTime: 60_000,
});
