/** Every TanStack Query key of the app, in one place (ARCHITECTURE.md, Conventions: web app). */
export const keys = {
  version: ["version"] as const,
  publicSetting: (key: string) => ["public-settings", key] as const,
  publicPlans: ["plans", "public"] as const,
  companyPlan: (companyId: number) => ["companies", companyId, "plan"] as const,
  users: {
    all: ["users"] as const,
    list: (search: string) => ["users", "list", search] as const,
    detail: (id: number) => ["users", "detail", id] as const,
  },
  queues: ["queues"] as const,
  whatsapps: ["whatsapps"] as const,
  helps: ["helps", "list"] as const,
  settings: ["settings"] as const,
};
