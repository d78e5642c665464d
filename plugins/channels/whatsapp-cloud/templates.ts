/**
 * Message templates: the approved ones a connection may send once the 24-hour window has closed.
 * GET /{whatsapp-business-account-id}/message_templates
 * (https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates/)
 */
import { GraphClient } from "../_meta-graph/graph-client";
import type { MetaEnv } from "../_meta-graph/env";
import type { WhatsAppCloudConfig } from "./manifest";

export interface WaTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  /** HEADER / BODY / FOOTER / BUTTONS components as Meta returns them (text with {{1}} placeholders). */
  components: unknown[];
}

const MAX_PAGES = 20;

/** The approved templates of the connection's business account, every page followed. */
export async function listTemplates(config: Pick<WhatsAppCloudConfig, "businessAccountId" | "accessToken">, env: Pick<MetaEnv, "graphUrl" | "fetch">): Promise<WaTemplate[]> {
  const graph = new GraphClient({ baseUrl: env.graphUrl, fetch: env.fetch, accessToken: config.accessToken, auth: "bearer" });
  const out: WaTemplate[] = [];
  let next: string | undefined = `/${config.businessAccountId}/message_templates`;
  let query: Record<string, string> | undefined = { status: "APPROVED", fields: "id,name,language,status,category,components", limit: "100" };
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const res: { data?: any[]; paging?: { next?: string } } = await graph.get(next, query);
    for (const t of res.data ?? []) {
      if (t?.status && t.status !== "APPROVED") continue;
      out.push({ id: String(t.id), name: String(t.name), language: String(t.language), status: String(t.status ?? "APPROVED"), category: t.category, components: Array.isArray(t.components) ? t.components : [] });
    }
    next = res.paging?.next;
    query = undefined; // the next link carries its own query
  }
  return out;
}

/** The text a sent template shows in the conversation: its BODY with the given parameters filled in. */
export function renderTemplateBody(template: Pick<WaTemplate, "components">, bodyParams: readonly string[] = []): string {
  const body = template.components.find((c: any) => c?.type === "BODY") as { text?: string } | undefined;
  return (body?.text ?? "").replace(/\{\{(\d+)\}\}/g, (all, n: string) => bodyParams[Number(n) - 1] ?? all);
}
