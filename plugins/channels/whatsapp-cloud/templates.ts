/**
 * Message templates: the approved ones a connection may send once the 24-hour window has closed.
 * GET /{whatsapp-business-account-id}/message_templates
 * (https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates/)
 */
import type { ChannelTemplate } from "../../../src/channels/adapter";
import { GraphClient } from "../_meta-graph/graph-client";
import type { MetaEnv } from "../_meta-graph/env";
import type { WhatsAppCloudConfig } from "./manifest";

const MAX_PAGES = 20;

/** The approved templates of the connection's business account, every page followed. */
export async function listTemplates(
  config: Pick<WhatsAppCloudConfig, "businessAccountId" | "accessToken">,
  env: Pick<MetaEnv, "graphUrl" | "fetch">,
): Promise<ChannelTemplate[]> {
  const graph = new GraphClient({ baseUrl: env.graphUrl, fetch: env.fetch, accessToken: config.accessToken, auth: "bearer" });
  const out: ChannelTemplate[] = [];
  let next: string | undefined = `/${config.businessAccountId}/message_templates`;
  let query: Record<string, string> | undefined = { status: "APPROVED", fields: "id,name,language,status,category,components", limit: "100" };
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const res: { data?: any[]; paging?: { next?: string } } = await graph.get(next, query);
    for (const t of res.data ?? []) {
      if (t?.status && t.status !== "APPROVED") continue;
      out.push({
        id: String(t.id),
        name: String(t.name),
        language: String(t.language),
        status: String(t.status ?? "APPROVED"),
        category: t.category,
        components: Array.isArray(t.components) ? t.components : [],
      });
    }
    next = res.paging?.next;
    query = undefined; // the next link carries its own query
  }
  return out;
}

/**
 * The text a sent template shows in the conversation: its BODY with the body parameters given at send time filled in
 * ({{1}} is the first text parameter of the "body" component); placeholders without a parameter stay as they are.
 */
export function renderTemplate(template: Pick<ChannelTemplate, "components">, components: readonly unknown[] = []): string {
  const body = template.components.find((c) => (c as { type?: unknown })?.type === "BODY") as { text?: unknown } | undefined;
  const sent = components.find((c) => String((c as { type?: unknown })?.type).toLowerCase() === "body") as { parameters?: unknown } | undefined;
  const params = Array.isArray(sent?.parameters) ? sent.parameters.map(parameterText) : [];
  return (typeof body?.text === "string" ? body.text : "").replace(/\{\{(\d+)\}\}/g, (all, n: string) => params[Number(n) - 1] ?? all);
}

/** A parameter as the contact reads it: text as given; currency and date_time by their fallback_value. */
function parameterText(p: unknown): string | undefined {
  const o = (p ?? {}) as { type?: string; text?: unknown; currency?: { fallback_value?: unknown }; date_time?: { fallback_value?: unknown } };
  const v = o.type === "currency" ? o.currency?.fallback_value : o.type === "date_time" ? o.date_time?.fallback_value : o.text;
  return typeof v === "string" ? v : undefined;
}
