import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { patchTickets } from "../tickets/cache";
import type { TagRef } from "../tickets/types";

/** A contact as GET /api/contacts/:id answers it. */
export interface ContactRow {
  id: number;
  name: string;
  number: string;
  email: string;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  urlPicture?: string | null;
  channel?: string;
  isGroup?: boolean;
  extraInfo?: { id?: number; name: string; value: string }[];
  tags?: TagRef[];
  /** The connection the contact is reached through (the contacts page's connection column). */
  whatsappId?: number | null;
  whatsapp?: { id: number; name: string; channel: string | null } | null;
  /** The wallet owner: the user of the company who answers for this contact. */
  walletUserId?: number | null;
}

export interface TicketNote {
  id: number;
  note: string;
  createdAt: string;
  user?: { id?: number; name: string } | null;
}

export const contactsSearchQuery = (term: string) =>
  queryOptions({
    queryKey: keys.contacts.search(term),
    queryFn: ({ signal }) => api.get<{ contacts: ContactRow[] }>("/api/contacts", { searchParam: term }, signal).then((r) => r.contacts),
    staleTime: 10_000,
  });

export const contactQuery = (id: number) => queryOptions({ queryKey: keys.contacts.detail(id), queryFn: () => api.get<ContactRow>(`/api/contacts/${id}`) });

export const contactTagsQuery = (id: number) => queryOptions({ queryKey: keys.contacts.tags(id), queryFn: () => api.get<TagRef[]>(`/api/contactTags/${id}`) });

/** GET /api/tags/list: kanban 0 for contact tags, 1 for kanban lanes. */
export const tagsQuery = (kanban: 0 | 1) =>
  queryOptions({ queryKey: keys.tags(kanban), queryFn: () => api.get<TagRef[]>("/api/tags/list", { kanban }), staleTime: 60_000 });

export const ticketNotesQuery = (ticketId: number, contactId: number) =>
  queryOptions({
    queryKey: keys.ticketNotes(ticketId, contactId),
    queryFn: () => api.get<TicketNote[]>("/api/ticket-notes/list", { ticketId, contactId }),
  });

/** A contact's change shows at once in its drawer and in every ticket of the inbox that names it. */
function useContactWrite<V>(fn: (v: V) => Promise<ContactRow>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (c) => {
      if (!c?.id) return;
      qc.setQueryData(keys.contacts.detail(c.id), (old: ContactRow | undefined) => ({ ...old, ...c }));
      patchTickets(
        qc,
        (t) => t.contactId === c.id,
        (t) => ({ ...t, contact: { ...t.contact, name: c.name, number: c.number, active: c.active } }),
      );
    },
  });
}

export const useUpdateContact = () =>
  useContactWrite(({ id, body }: { id: number; body: { name: string; number?: string; email: string; extraInfo: { name: string; value: string }[] } }) =>
    api.put<ContactRow>(`/api/contacts/${id}`, body),
  );
export const useBlockContact = () =>
  useContactWrite(({ id, active }: { id: number; active: boolean }) => api.put<ContactRow>(`/api/contacts/block/${id}`, { active }));
export const useToggleDisableBot = () => useContactWrite((id: number) => api.put<ContactRow>(`/api/contacts/toggleDisableBot/${id}`));
export const useToggleAcceptAudio = () => useContactWrite((id: number) => api.put<ContactRow>(`/api/contacts/toggleAcceptAudio/${id}`));

/** POST /api/tags/sync: the contact's whole tag set; a tag given by name only is created (any agent may). */
export function useSyncContactTags(contactId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tags: { id?: number; name: string }[]) =>
      api.post<{ tags: TagRef[] }>("/api/tags/sync", { contactId, tags: tags.map((t) => (t.id ? { id: t.id } : { name: t.name })) }),
    onSuccess: (r) => {
      if (r?.tags) qc.setQueryData(keys.contacts.tags(contactId), r.tags);
      void qc.invalidateQueries({ queryKey: keys.tags(0) });
      void qc.invalidateQueries({ queryKey: keys.tickets.lists });
    },
  });
}

export function useAddNote(ticketId: number, contactId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api.post<TicketNote>("/api/ticket-notes", { note, ticketId, contactId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.ticketNotes(ticketId, contactId) }),
  });
}

export function useDeleteNote(ticketId: number, contactId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/ticket-notes/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.ticketNotes(ticketId, contactId) }),
  });
}

/** The ticket's kanban lane (a kanban tag; at most one): PUT /api/ticket-tags/:ticketId/:tagId, or DELETE to clear it. */
export function useSetLane(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tagId: number | null) => (tagId ? api.put(`/api/ticket-tags/${ticketId}/${tagId}`) : api.delete(`/api/ticket-tags/${ticketId}`)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.tickets.byUuidAll });
      void qc.invalidateQueries({ queryKey: keys.tickets.lists });
    },
  });
}
