import type { AppContext } from "./context";

/**
 * The capabilities this build has wired (GET /api/version): those of the modules the app composes, and `channel:<id>`
 * for each registered channel plugin. The web app hides a page, menu entry or field whose capability is missing.
 */
export function wiredFeatures(ctx: AppContext, modules: readonly { features?: readonly string[] }[]): string[] {
  const channels = ctx.channels.registry.list().map((p) => `channel:${p.manifest.id}`);
  return [...new Set([...modules.flatMap((m) => m.features ?? []), ...channels])];
}
