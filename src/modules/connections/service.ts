import { ChannelError } from "../../channels/adapter";
import { deleteConnection, randomAlphanumeric } from "../../channels/connections";
import { closeImportedTickets } from "../../channels/imports";
import { assertChannelAllowed, channelAllowed } from "../../channels/registry";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import type { Connection } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { AppError, type FieldErrors, validationError } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { type AuditFields, recordAudit } from "../audit/record";
import { assertBelowPlanLimit } from "../plans/limits";
import { DEFAULT_SCHEDULES } from "../business-hours/schema";
import { getCompanySetting } from "../settings/queries";
import {
  clearDefault,
  connectionSummary,
  countConnections,
  ensureDefault,
  findConnection,
  findDefault,
  insertConnection,
  listAllConnections,
  listConnections,
  queuesOfConnections,
  replaceConnectionQueues,
  updateConnection,
} from "./queries";
import { type CreateConnectionInput, MSG, TOKEN_LENGTH, type UpdateConnectionInput } from "./schema";
import { type Audience, audienceOf, auditedConnection, type ConnectionView, pickerShape, serializeConnections, storedConfig } from "./serialize";
import { mergeRuleState, NEW_STATE, resolveConfig, stateOf, toColumns } from "./input";
import { type ConnectionRuleState, connectionRuleErrors } from "./validation";

const connectionNotFound = () => new AppError("ERR_NO_WAPP_FOUND", 404, "Connection not found");
const noOtherDefault = () => new AppError("ERR_NO_OTHER_WHATSAPP", 400, "At least one default connection is required");

export function createConnectionsService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const { sessions, registry } = ctx.channels;

  async function liveConnection(db: Db, actor: Actor, id: number): Promise<Connection> {
    const row = await findConnection(db, actor.companyId, id);
    if (!row) throw connectionNotFound();
    return row;
  }

  async function view(actor: Actor, id: number, audience: Audience = audienceOf(actor), session = true) {
    const row = await findConnection(ctx.db, actor.companyId, id);
    if (!row) throw connectionNotFound();
    return (await serializeConnections(ctx, actor.companyId, [row], audience, session))[0]!;
  }

  /** Ids in the request resolved within the company; a foreign or unknown id is an error on its field. */
  async function checkIds(companyId: number, input: UpdateConnectionInput, errors: FieldErrors): Promise<void> {
    const scope = forCompany(ctx.db, companyId);
    if (input.queueIds?.length && (await scope.missingIds("queues", input.queueIds)).length) errors.queueIds ??= MSG.notFound;
    for (const field of ["sendIdQueue", "queueIdImportMessages"] as const) {
      const id = input[field];
      if (typeof id === "number" && (await scope.missingIds("queues", [id])).length) errors[field] ??= MSG.notFound;
    }
  }

  async function ruleErrors(companyId: number, state: ConnectionRuleState, changed: Set<string>, errors: FieldErrors): Promise<void> {
    const ratingsEnabled = (await getCompanySetting(ctx.db, companyId, "userRating")) === "enabled";
    for (const [field, message] of Object.entries(connectionRuleErrors(state, { ratingsEnabled, now: ctx.clock.now(), changed }))) errors[field] ??= message;
  }

  /**
   * After an edit: changing the greeting media or the import of a CONNECTED QR-code connection ends its
   * session and pairs again (status qrcode): answers true so the web app can say so. A changed plugin config restarts a
   * running session (credentials kept) so the plugin reads it. Channels the plan no longer allows are left alone.
   */
  async function renewSession(actor: Actor, row: Connection, reason: { media?: boolean; import?: boolean; config?: boolean }): Promise<boolean> {
    const plugin = registry.get(row.channel);
    if (!plugin || !channelAllowed(actor, row.channel)) return false;
    const status = sessions.status(row.id) ?? row.status;
    if ((reason.media || reason.import) && status === "CONNECTED" && plugin.manifest.connect === "qrcode") {
      await sessions.stop(row.id, { logout: true, persist: false });
      await sessions.launch(row.id);
      return true;
    }
    if (reason.config) await sessions.reload(row.id);
    return false;
  }

  const saved = (companyId: number, connectionId: number) => ctx.bus.emit("connection.saved", { companyId, connectionId });

  /** The audit entry of a write, from the row before it (none on create) and the row read back after it. */
  async function audit(db: Db, actor: Actor, action: "create" | "update", before: AuditFields | undefined, id: number, queueIds?: readonly number[]) {
    const after = (await findConnection(db, actor.companyId, id))!;
    await recordAudit(db, ctx.clock.now(), actor, {
      companyId: actor.companyId,
      entity: "connection",
      entityId: id,
      action,
      before,
      after: auditedConnection(after, queueIds),
      secretFields: registry.get(after.channel)?.manifest.secretFields,
    });
  }

  return {
    // ---- reads -----------------------------------------------------------------------------------------------

    /** GET /whatsapp: the company's connections (the super user may name another company), shaped for the actor. */
    async list(actor: Actor, q: { companyId?: number; session?: boolean }) {
      const companyId = actor.super && q.companyId ? q.companyId : actor.companyId;
      const rows = await listConnections(ctx.db, companyId);
      return serializeConnections(ctx, companyId, rows, audienceOf(actor, companyId), q.session !== false);
    },

    async get(actor: Actor, id: number, session?: boolean) {
      return view(actor, id, audienceOf(actor), session !== false);
    },

    /** GET /whatsapp/filter: the picker every agent needs (id, name, channel, status, isDefault), never more. */
    async picker(actor: Actor, q: { channel?: string }) {
      return (await listConnections(ctx.db, actor.companyId, { channel: q.channel || undefined })).map(pickerShape);
    },

    /** GET /whatsapp/all (super user): every company's connections without secrets, or per-company counts. */
    async all(actor: Actor, q: { companyId?: number; session?: boolean; summary?: boolean }) {
      assertCan(actor, "platform:manage");
      if (q.summary) {
        const companies = await connectionSummary(ctx.db);
        const totals = companies.reduce((t, c) => ({ active: t.active + c.active, deactivated: t.deactivated + c.deactivated, total: t.total + c.total }), {
          active: 0,
          deactivated: 0,
          total: 0,
        });
        return { companies, totals };
      }
      const rows = await listAllConnections(ctx.db, q.companyId);
      const byCompany = new Map<number, typeof rows>();
      for (const r of rows) {
        const list = byCompany.get(r.companyId);
        if (list) list.push(r);
        else byCompany.set(r.companyId, [r]);
      }
      const views = new Map<number, ConnectionView & { companyName: string }>();
      for (const [companyId, list] of byCompany) {
        const shaped = (await serializeConnections(ctx, companyId, list, "viewer", q.session !== false)) as ConnectionView[];
        for (const [i, v] of shaped.entries()) views.set(v.id, { ...v, companyName: list[i]!.companyName });
      }
      return rows.map((r) => views.get(r.id)!);
    },

    /** GET /channels: the add menu and the form's plugin fields, with what the company's plan allows. */
    channels(actor: Actor) {
      return registry.manifests().map((m) => ({
        id: m.id,
        name: m.name,
        connect: m.connect,
        capabilities: m.capabilities,
        configSchema: m.configSchema,
        secretFields: m.secretFields,
        planFlag: m.planFlag,
        allowedByPlan: channelAllowed(actor, m.id),
      }));
    },

    // ---- writes ----------------------------------------------------------------------------------------------

    async create(actor: Actor, input: CreateConnectionInput) {
      assertCan(actor, "connections-page:addConnection");
      const companyId = actor.companyId;
      const plugin = registry.get(input.channel);
      if (!plugin) throw validationError({ channel: MSG.invalid });
      assertChannelAllowed(actor, input.channel);

      const errors: FieldErrors = {};
      await checkIds(companyId, input, errors);
      const config = resolveConfig(plugin, input.config ?? {}, {}, errors);
      const { state } = mergeRuleState(NEW_STATE, input);
      await ruleErrors(companyId, state, new Set(Object.keys(input)), errors);
      if (Object.keys(errors).length) throw validationError(errors);

      const nowIso = now();
      const id = await ctx.db.transaction().execute(async (trx) => {
        await assertBelowPlanLimit(trx, companyId, "connections", () => countConnections(trx, companyId));
        // The first connection is the default; a new default takes the flag from the old one.
        const hasDefault = await findDefault(trx, companyId);
        const makeDefault = !hasDefault || input.isDefault === true;
        if (makeDefault && hasDefault) await clearDefault(trx, companyId);
        const connectionId = await insertConnection(trx, companyId, {
          schedules: JSON.stringify(DEFAULT_SCHEDULES),
          ...toColumns(input),
          name: input.name,
          channel: input.channel,
          token: randomAlphanumeric(TOKEN_LENGTH),
          widgetKey: plugin.manifest.publicKey ? randomAlphanumeric(32) : null,
          config: config ?? "{}",
          isDefault: makeDefault ? 1 : 0,
          status: "DISCONNECTED",
          qrcode: "",
          createdAt: nowIso,
          updatedAt: nowIso,
        });
        if (input.queueIds?.length) await replaceConnectionQueues(trx, companyId, connectionId, input.queueIds);
        await audit(trx, actor, "create", undefined, connectionId, input.queueIds ?? []);
        return connectionId;
      });
      saved(companyId, id);
      // In the background: the answer does not wait for a QR code or the provider (the status follows by socket).
      await sessions.launch(id);
      return view(actor, id, "manager");
    },

    async update(actor: Actor, id: number, input: UpdateConnectionInput) {
      assertCan(actor, "connections-page:addConnection");
      const companyId = actor.companyId;
      const row = await liveConnection(ctx.db, actor, id);
      const plugin = registry.get(row.channel);

      const errors: FieldErrors = {};
      await checkIds(companyId, input, errors);
      let config: string | undefined;
      if (input.config !== undefined) {
        if (plugin) config = resolveConfig(plugin, input.config, storedConfig(row), errors);
        else errors.config = MSG.invalid;
      }
      const storedQueueIds = ((await queuesOfConnections(ctx.db, companyId, [id])).get(id) ?? []).map((q) => q.id);
      const { state, changed } = mergeRuleState(stateOf(row, storedQueueIds), input);
      await ruleErrors(companyId, state, changed, errors);
      if (Object.keys(errors).length) throw validationError(errors);
      // Exactly one default while any connection exists: the flag moves by making another one the default.
      if (input.isDefault === false && row.isDefault === 1) throw noOtherDefault();

      await ctx.db.transaction().execute(async (trx) => {
        const makeDefault = input.isDefault === true && row.isDefault !== 1;
        if (makeDefault) await clearDefault(trx, companyId, id);
        await updateConnection(trx, companyId, id, {
          ...toColumns(input),
          ...(makeDefault ? { isDefault: 1 } : {}),
          ...(input.regenerateToken ? { token: randomAlphanumeric(TOKEN_LENGTH) } : {}),
          ...(config !== undefined ? { config } : {}),
          updatedAt: now(),
        });
        if (input.queueIds) await replaceConnectionQueues(trx, companyId, id, input.queueIds);
        await audit(trx, actor, "update", auditedConnection(row, input.queueIds && storedQueueIds), id, input.queueIds);
      });
      saved(companyId, id);
      const importChanged =
        state.enableImportMessage && (changed.has("enableImportMessage") || changed.has("importOldMessages") || changed.has("importRecentMessages"));
      const sessionReset = await renewSession(actor, row, { import: importChanged, config: config !== undefined && config !== row.config });
      return { ...(await view(actor, id, "manager")), sessionReset };
    },

    /**
     * Soft delete (channels core): the session is logged out, the row stays so its tickets and messages keep their
     * connection, read-only. When it was the default, the oldest remaining connection becomes the default.
     */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "connections-page:addConnection");
      await liveConnection(ctx.db, actor, id);
      await deleteConnection(ctx, actor.companyId, id, actor);
      const promoted = await ctx.db.transaction().execute((trx) => ensureDefault(trx, actor.companyId, now()));
      ctx.bus.emit("connection.deleted", { companyId: actor.companyId, connectionId: id });
      if (promoted !== undefined) saved(actor.companyId, promoted);
    },

    /** POST /whatsapp/:id/media-upload (multipart `file`): the greeting attachment, an image or a video. */
    async setGreetingMedia(actor: Actor, id: number, file: File) {
      assertCan(actor, "connections-page:addConnection");
      const row = await liveConnection(ctx.db, actor, id);
      const stored = await ctx.media.save(actor.companyId, { data: file, name: file.name }, { allow: ["image", "video"] });
      const previous = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const current = await liveConnection(trx, actor, id);
          await updateConnection(trx, actor.companyId, id, { greetingMediaAttachment: stored.key, updatedAt: now() });
          await audit(trx, actor, "update", auditedConnection(current), id);
          return current.greetingMediaAttachment;
        })
        .catch(async (err) => {
          await dropMedia(actor.companyId, stored.key);
          throw err;
        });
      await dropMedia(actor.companyId, previous);
      saved(actor.companyId, id);
      const sessionReset = await renewSession(actor, row, { media: true });
      return { ...(await view(actor, id, "manager")), sessionReset };
    },

    async clearGreetingMedia(actor: Actor, id: number) {
      assertCan(actor, "connections-page:addConnection");
      const row = await liveConnection(ctx.db, actor, id);
      if (row.greetingMediaAttachment) {
        await ctx.db.transaction().execute(async (trx) => {
          await updateConnection(trx, actor.companyId, id, { greetingMediaAttachment: null, updatedAt: now() });
          await audit(trx, actor, "update", auditedConnection(row), id);
        });
        await dropMedia(actor.companyId, row.greetingMediaAttachment);
        saved(actor.companyId, id);
      }
      const sessionReset = row.greetingMediaAttachment ? await renewSession(actor, row, { media: true }) : false;
      return { ...(await view(actor, id, "manager")), sessionReset };
    },

    /** POST /closedimported/:id: closes the still-open tickets an import of old messages created on this connection. */
    async closeImported(actor: Actor, id: number) {
      assertCan(actor, "connections-page:addConnection");
      await liveConnection(ctx.db, actor, id);
      const closed = await closeImportedTickets(ctx, actor.companyId, id, actor.userId, null);
      return { closed: closed.length };
    },

    // ---- sessions --------------------------------------------------------------------------------------------

    /** POST /whatsappsession/:id: start (or retry) the session. */
    async startSession(actor: Actor, id: number) {
      assertCan(actor, "connections-page:addConnection");
      const row = await liveConnection(ctx.db, actor, id);
      assertChannelAllowed(actor, row.channel);
      await sessions.launch(id);
      return { message: "Starting session." };
    },

    /** PUT /whatsappsession/:id: a new QR code: forget the credentials, then start again. */
    async renewQrCode(actor: Actor, id: number) {
      assertCan(actor, "connections-page:addConnection");
      const row = await liveConnection(ctx.db, actor, id);
      assertChannelAllowed(actor, row.channel);
      await sessions.stop(id, { logout: true, persist: false });
      await sessions.launch(id);
      return { message: "Starting session." };
    },

    /**
     * POST /whatsappsession/:id/pairing {number}: log in with a pairing code instead of the QR code (QR-code channels
     * whose session can do it). The code is shown as status PAIRING (the session event and the row's qrcode).
     */
    async requestPairing(actor: Actor, id: number, number: string) {
      assertCan(actor, "connections-page:addConnection");
      const row = await liveConnection(ctx.db, actor, id);
      assertChannelAllowed(actor, row.channel);
      if (registry.get(row.channel)?.manifest.connect !== "qrcode")
        throw validationError({ channel: MSG.invalid }, "This channel does not pair by phone number");
      try {
        const code = await sessions.requestPairingCode(id, number);
        return { message: "Pairing code requested.", ...(code ? { code } : {}) };
      } catch (err) {
        const e = ChannelError.from(err);
        if (e.code === "NOT_ON_CHANNEL") throw validationError({ number: MSG.invalidNumber }, e.message);
        if (e.code === "UNSUPPORTED") throw validationError({ number: MSG.invalid }, e.message);
        throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503, `The session is not ready for pairing: ${e.message}`);
      }
    },

    /** DELETE /whatsappsession/:id: disconnect (logout); the connection stays DISCONNECTED until someone starts it. */
    async disconnect(actor: Actor, id: number) {
      assertCan(actor, "connections-page:addConnection");
      await liveConnection(ctx.db, actor, id);
      await sessions.stop(id, { logout: true });
      return { message: "Session disconnected." };
    },

    /** POST /whatsapp-restart: restart every session of the company (channels its plan allows). */
    async restartAll(actor: Actor) {
      assertCan(actor, "connections-page:addConnection");
      const rows = (await listConnections(ctx.db, actor.companyId)).filter((r) => channelAllowed(actor, r.channel));
      await Promise.all(rows.map((r) => sessions.restart(r.id)));
      return { message: "Whatsapp restart.", restarted: rows.length };
    },
  };

  /** A file left behind costs disk, not correctness: it must not fail a change already committed. */
  async function dropMedia(companyId: number, key: string | null): Promise<void> {
    if (!key) return;
    await ctx.media.delete(companyId, key).catch((err) => ctx.log.warn("greeting media not deleted", { companyId, key, err: String(err) }));
  }
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
