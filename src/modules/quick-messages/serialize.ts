import type { AppContext } from "../../context";
import type { QuickMessageRow } from "./queries";

/** A quick message as the API carries it; its media as a signed link (1 hour). */
export function serializeQuickMessage(ctx: AppContext, row: QuickMessageRow) {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral === 1,
    visao: row.visao === 1,
    status: row.status === 1,
    userId: row.userId,
    isMedia: row.mediaKey !== null,
    mediaPath: row.mediaKey ? ctx.media.url(row.companyId, row.mediaKey) : null,
    mediaName: row.mediaName,
    mediaType: row.mediaMime ?? null,
    companyId: row.companyId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
