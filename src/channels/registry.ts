import { z } from "zod";
import { validationError } from "../http/errors";
import { type Actor, assertPlan, type PlanFlag } from "../http/permissions";
import type { ChannelManifest, ChannelPlugin } from "./adapter";

/** Plan flag a channel id needs (ARCHITECTURE.md, Channel ids); channels not listed need none (webchat, test plugins). */
export const CHANNEL_PLAN_FLAG: Readonly<Record<string, PlanFlag>> = {
  whatsapp: "useWhatsapp",
  whatsappapi: "useWhatsapp",
  facebook: "useFacebook",
  instagram: "useInstagram",
};

export function channelAllowed(actor: Pick<Actor, "plan">, channel: string): boolean {
  const flag = CHANNEL_PLAN_FLAG[channel];
  return !flag || actor.plan[flag];
}

/** 403 ERR_PLAN_FEATURE_DISABLED naming the flag when the company's plan lacks the channel. */
export function assertChannelAllowed(actor: Pick<Actor, "plan">, channel: string): void {
  const flag = CHANNEL_PLAN_FLAG[channel];
  if (flag) assertPlan(actor, flag);
}

/** The UI-safe description of one channel: what GET endpoints may show the web app. */
export interface ManifestView {
  id: string;
  name: string;
  connect: ChannelManifest["connect"];
  secretFields: readonly string[];
  capabilities: ChannelManifest["capabilities"];
  planFlag: PlanFlag | null;
  /** JSON Schema of the config (for the connection form). */
  configSchema: unknown;
}

/** Plugins by id. Fed by plugins/index.ts plus any injected in createContext (tests). */
export class ChannelRegistry {
  private byId = new Map<string, ChannelPlugin<any>>();

  constructor(plugins: readonly ChannelPlugin<any>[]) {
    for (const p of plugins) {
      if (this.byId.has(p.manifest.id)) throw new Error(`channel plugin ${p.manifest.id} is listed twice`);
      this.byId.set(p.manifest.id, p);
    }
  }

  get(id: string): ChannelPlugin<any> | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  list(): ChannelPlugin<any>[] {
    return [...this.byId.values()];
  }

  /** Manifests without functions, for the web app's add menu and forms. */
  manifests(): ManifestView[] {
    return this.list().map(({ manifest: m }) => ({
      id: m.id,
      name: m.name,
      connect: m.connect,
      secretFields: m.secretFields,
      capabilities: m.capabilities,
      planFlag: CHANNEL_PLAN_FLAG[m.id] ?? null,
      configSchema: toJsonSchema(m.configSchema),
    }));
  }

  /** Validates a connection's config against its plugin's schema; errors name the fields (config.<key>). */
  parseConfig(channel: string, raw: unknown): unknown {
    const plugin = this.byId.get(channel);
    if (!plugin) throw validationError({ channel: "Unknown channel" });
    const result = (plugin.manifest.configSchema as z.ZodType).safeParse(raw ?? {});
    if (result.success) return result.data;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[["config", ...issue.path].join(".")] ??= issue.message;
    throw validationError(fields);
  }

  /** The config without its secret fields (what may be shown to anyone but the holders of connections-page:addConnection). */
  redactConfig(channel: string, config: Record<string, unknown>): Record<string, unknown> {
    const secrets = new Set(this.byId.get(channel)?.manifest.secretFields ?? []);
    return Object.fromEntries(Object.entries(config).filter(([k]) => !secrets.has(k)));
  }
}

/** The schema of what the form sends (io "input"): a field with a default is optional there, not required. */
function toJsonSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { unrepresentable: "any", io: "input" });
  } catch {
    return null;
  }
}
