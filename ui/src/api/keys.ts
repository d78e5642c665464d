/** Every TanStack Query key of the app, in one place (ARCHITECTURE.md, Conventions: web app). */
export const keys = {
  version: ["version"] as const,
  publicSetting: (key: string) => ["public-settings", key] as const,
  publicPlans: ["plans", "public"] as const,
  companyPlan: (companyId: number) => ["companies", companyId, "plan"] as const,
  companySchedules: (companyId: number) => ["companies", companyId, "schedules"] as const,
  users: {
    all: ["users"] as const,
    list: (search: string) => ["users", "list", search] as const,
    detail: (id: number) => ["users", "detail", id] as const,
  },
  queues: ["queues"] as const,
  dashboard: {
    all: ["dashboard"] as const,
    figures: (filter: object) => ["dashboard", "figures", filter] as const,
    ticketsDay: (from: string, to: string) => ["dashboard", "ticketsDay", from, to] as const,
    ticketsUsers: (from: string, to: string) => ["dashboard", "ticketsUsers", from, to] as const,
  },
  /** The tickets report's pages, one list per filter. */
  reports: (filter: object) => ["reports", filter] as const,
  /** A queue's chatbot option tree. */
  chatbot: (queueId: number) => ["chatbot", queueId] as const,
  whatsapps: ["whatsapps"] as const,
  templates: (whatsappId: number) => ["whatsapps", whatsappId, "templates"] as const,
  settings: ["settings"] as const,
  tickets: {
    all: ["tickets"] as const,
    /** Every inbox list (open, pending, group, closed, search); the params object is part of the key. */
    lists: ["tickets", "list"] as const,
    list: (params: object) => ["tickets", "list", params] as const,
    byUuidAll: ["tickets", "uuid"] as const,
    byUuid: (uuid: string) => ["tickets", "uuid", uuid] as const,
    /** The top bar's bell: the user's own tickets with unread messages. */
    unread: ["tickets", "unread"] as const,
  },
  messages: {
    all: ["messages"] as const,
    ticket: (ticketId: number) => ["messages", ticketId] as const,
  },
  contacts: {
    search: (term: string) => ["contacts", "search", term] as const,
    detail: (id: number) => ["contacts", "detail", id] as const,
    tags: (id: number) => ["contacts", "tags", id] as const,
    /** The contacts page's lists (every search and tag filter). */
    pages: ["contacts", "page"] as const,
    page: (search: string, tagIds: readonly number[]) => ["contacts", "page", search, [...tagIds]] as const,
  },
  tags: (kanban: 0 | 1) => ["tags", "list", kanban] as const,
  /** The tags page's lists (every search and kind); ["tags"] covers them and the pickers. */
  tagPages: ["tags", "page"] as const,
  tagPage: (search: string, kind: "all" | 0) => ["tags", "page", search, kind] as const,
  /** The contacts carrying one tag (the tags page's contact count). */
  tagContacts: (tagId: number) => ["contacts", "tag", tagId] as const,
  ticketNotes: (ticketId: number, contactId: number) => ["ticket-notes", ticketId, contactId] as const,
  /** The message input's quick messages; `quickMessagesAll` also covers the quick-messages page's lists (one per search). */
  quickMessages: ["quick-messages", "list"] as const,
  quickMessagesAll: ["quick-messages"] as const,
  quickMessagesPages: ["quick-messages", "page"] as const,
  quickMessagesPage: (search: string) => ["quick-messages", "page", search] as const,
  /** The file lists page's lists (one per search) and the pickers' list, all under `fileListsAll`. */
  fileListsAll: ["files"] as const,
  fileListsPage: (search: string) => ["files", "page", search] as const,
  fileListPicker: ["files", "list"] as const,
  usersPicker: ["users", "picker"] as const,
  /** The pending panel (/moments). */
  moments: ["moments"] as const,
  ticketLogs: (ticketId: number) => ["tickets-log", ticketId] as const,
  /** The kanban board's columns: one list per lane (null: the open column) and date range. */
  kanban: {
    all: ["kanban"] as const,
    lane: (lane: number | null, range: { dateFrom: string; dateTo: string }) => ["kanban", lane, range] as const,
  },
};
