import type { GraphClient } from "../graph-client";

export interface Profile {
  name?: string;
  picture?: string;
}

const TTL_MS = 12 * 3600_000;
const MAX = 2_000;

/**
 * Sender name and picture (User Profile API): GET /{psid}?fields=first_name,last_name,profile_pic for Messenger,
 * GET /{igsid}?fields=name,username,profile_pic for Instagram. Cached per session for 12 hours; a failure gives an
 * empty profile (the message is stored anyway).
 */
export class ProfileCache {
  private cache = new Map<string, { at: number; profile: Profile }>();

  constructor(
    private graph: GraphClient,
    private kind: "facebook" | "instagram",
    private now: () => number = Date.now,
  ) {}

  async get(userId: string): Promise<Profile> {
    const hit = this.cache.get(userId);
    if (hit && this.now() - hit.at < TTL_MS) return hit.profile;
    let profile: Profile = {};
    try {
      if (this.kind === "facebook") {
        const p = await this.graph.get<{ first_name?: string; last_name?: string; name?: string; profile_pic?: string }>(`/${userId}`, {
          fields: "first_name,last_name,profile_pic",
        });
        const name = [p?.first_name, p?.last_name].filter(Boolean).join(" ") || p?.name;
        profile = { ...(name ? { name } : {}), ...(p?.profile_pic ? { picture: p.profile_pic } : {}) };
      } else {
        const p = await this.graph.get<{ name?: string; username?: string; profile_pic?: string }>(`/${userId}`, { fields: "name,username,profile_pic" });
        const name = p?.name || p?.username;
        profile = { ...(name ? { name } : {}), ...(p?.profile_pic ? { picture: p.profile_pic } : {}) };
      }
    } catch {
      return hit?.profile ?? {};
    }
    if (this.cache.size >= MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(userId, { at: this.now(), profile });
    return profile;
  }
}
