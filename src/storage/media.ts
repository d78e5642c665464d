// PLACEHOLDER: replaced by the media work in this session.
import type { Clock } from "../clock";
import type { Db } from "../db/database";

export class MediaStore {
  constructor(private opts: { db: Db; dir: string; secret: string; clock: Clock }) {}
  url(companyId: number, key: string, ttlS = 3600): string {
    return `/api/media/${key}?c=${companyId}&ttl=${ttlS}`;
  }
}
