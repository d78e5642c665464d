/**
 * Inbound files fetched after their message is stored. A channel that hands a media handle (InboundMedia.ref) gets its
 * message written at once, marked downloading (data.mediaPending, data.mediaKind), and one durable job per message
 * enqueued in the same transaction; the job asks the connection's session for the bytes (ChannelSession.fetchMedia),
 * stores them and updates the message live. A provider's slow CDN therefore never holds a webhook's answer, and a
 * restart in between still fetches the file (the job row survives). Failures are retried with the scheduler's
 * backoff; after the last attempt the message shows the file as unavailable, keeping the kind the channel named
 * (data.mediaError with the error code).
 */
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import type { JobInfo } from "../jobs/scheduler";
import { ChannelError, type InboundMediaKind } from "./adapter";
import { messageAwaitingMedia, settleMessageMedia } from "./inbound-queries";
import { readMessageData, writeMessageData } from "./message-data";
import type { SessionManager } from "./sessions";

export const INBOUND_MEDIA_JOB = "channels.inboundMedia";
/** Tries per file: with the scheduler's backoff (2 s, 4 s, 8 s, 16 s...) about a minute in all. */
const MAX_ATTEMPTS = 6;

export interface InboundMediaJob {
  companyId: number;
  connectionId: number;
  messageId: number;
  ref: Record<string, unknown>;
  /** The file's name: the channel's, else one from its type (mediaFileName). */
  name: string;
}

/** Registers the download job (once per context: createChannels calls it). */
export function registerInboundMediaJob(ctx: AppContext, sessions: SessionManager): void {
  ctx.jobs.register<InboundMediaJob>(INBOUND_MEDIA_JOB, (payload, job) => downloadInboundMedia(ctx, sessions, payload, job), { maxAttempts: MAX_ATTEMPTS });
}

/** Enqueues the download of a stored message's file, inside the transaction that stored it. */
export function enqueueInboundMedia(ctx: AppContext, trx: Db, job: InboundMediaJob): Promise<number> {
  return ctx.jobs.enqueue(INBOUND_MEDIA_JOB, job, { companyId: job.companyId }, trx);
}

async function downloadInboundMedia(ctx: AppContext, sessions: SessionManager, p: InboundMediaJob, job: JobInfo): Promise<void> {
  const msg = await messageAwaitingMedia(ctx.db, p.companyId, p.messageId);
  const data = readMessageData(msg?.data ?? null);
  if (!msg || msg.mediaKey || data.mediaPending !== true) return; // done already (a rerun), or the message is gone
  const nowIso = () => ctx.clock.now().toISOString();
  const { mediaPending: _pending, ...rest } = data;
  let settled: boolean;
  try {
    const session = sessions.session(p.connectionId);
    if (!session?.fetchMedia) throw new ChannelError("TEMPORARY", "The connection's session is not running");
    const bytes = await session.fetchMedia(p.ref);
    const stored = await ctx.media.save(p.companyId, { data: bytes, name: p.name });
    settled = await settleMessageMedia(ctx.db, p.companyId, msg.id, {
      mediaKey: stored.key,
      mimetype: stored.mime,
      mediaName: stored.name,
      mediaType: mediaTypeOf(stored.mime),
      data: writeMessageData(rest),
      updatedAt: nowIso(),
    });
  } catch (err) {
    if (job.attempts < job.maxAttempts) throw err;
    const code = (err as { code?: string }).code ?? "ERR_WAPP_DOWNLOAD_MEDIA";
    ctx.log.warn("inbound media unavailable after its retries", { messageId: msg.id, attempts: job.attempts, code, err: String(err) });
    const kind = typeof rest.mediaKind === "string" ? (rest.mediaKind as InboundMediaKind) : "file";
    settled = await settleMessageMedia(ctx.db, p.companyId, msg.id, {
      mediaType: mediaTypeOfKind(kind),
      data: writeMessageData({ ...rest, mediaError: code }),
      updatedAt: nowIso(),
    });
  }
  if (settled) ctx.bus.emit("message.updated", { companyId: p.companyId, ticketId: msg.ticketId, messageId: msg.id });
}

/** The name an inbound file is stored under: the channel's, else "file.<subtype>" from its MIME type. */
export function mediaFileName(m: { name?: string; mime?: string }): string {
  return m.name || `file.${m.mime?.split("/")[1]?.split(";")[0] ?? "bin"}`;
}

/** spec mediaType from a MIME type. */
export function mediaTypeOf(mime: string): string {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  return "application";
}

/** spec mediaType of a file the channel named but we do not hold (yet): a file is the spec's "application". */
export function mediaTypeOfKind(kind: InboundMediaKind): string {
  return kind === "file" ? "application" : kind;
}

/** The kind of file a MIME type names (for channels that give a type but no kind). */
export function mediaKindOf(mime: string | undefined): InboundMediaKind {
  const type = mediaTypeOf(mime ?? "");
  return type === "application" ? "file" : (type as InboundMediaKind);
}
