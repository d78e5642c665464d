import type { Updateable } from "kysely";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import type { User, UsersTable } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { AppError, noPermission, validationError } from "../../http/errors";
import { type Actor, assertCan, can } from "../../http/permissions";
import type { AuditFields } from "../audit/record";
import { findCompany } from "../auth/queries";
import { findConnection } from "../connections/queries";
import { announceReleased, releaseUserTickets } from "../tickets/release";
import { assertBelowPlanLimit } from "../plans/limits";
import { recordAudit } from "../audit/record";
import {
  countOtherAdmins,
  countOtherSupers,
  countUsers,
  deleteUser,
  emailTaken,
  findUser,
  insertUser,
  listUsers,
  pickerUsers,
  queuesOfUsers,
  replaceUserQueues,
  updateUser,
} from "./queries";
import type { CreateUserInput, UserField, UserInput } from "./schema";
import { serializeUser } from "./serialize";

/** An avatar is shown at a few dozen pixels; the company's general upload limit is far more than it needs. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const userNotFound = () => new AppError("ERR_NO_USER_FOUND", 404, "User not found");
const emailExists = () => new AppError("ERR_EMAIL_ALREADY_EXISTS", 409, "This email is already in use");
const lastAdmin = (message: string) => new AppError("ERR_LAST_ADMIN", 409, message);

/**
 * Who may write which field (ARCHITECTURE.md, Tenancy). A field the actor is not granted is dropped
 * before anything is checked or stored: it is ignored, never an error.
 */
const SELF_FIELDS = ["name", "email", "password", "defaultTheme", "defaultMenu", "defaultTicketsManagerWidth"] as const satisfies readonly UserField[];
const PROFILE_FIELDS = [
  "profile",
  "whatsappId",
  "startWork",
  "endWork",
  "farewellMessage",
  "allTicket",
  "allowGroup",
  "allHistoric",
  "allUserChat",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
] as const satisfies readonly UserField[];

/** `targetId` undefined means a new user. A user never moves between companies, so companyId is a create-only field. */
export function writableFields(actor: Actor, targetId: number | undefined): Set<UserField> {
  const fields = new Set<UserField>();
  if (targetId === actor.userId || can(actor, "users:manage")) for (const f of SELF_FIELDS) fields.add(f);
  if (can(actor, "user-modal:editProfile")) for (const f of PROFILE_FIELDS) fields.add(f);
  if (can(actor, "user-modal:editQueues")) fields.add("queueIds");
  if (actor.super) fields.add("super");
  if (actor.super && targetId === undefined) fields.add("companyId");
  return fields;
}

function pick<T extends UserInput>(input: T, allowed: Set<UserField>): T {
  return Object.fromEntries(Object.entries(input).filter(([key]) => allowed.has(key as UserField))) as T;
}

/** Input fields to columns; the password arrives hashed, booleans become 0/1, queue links are stored apart. */
function toColumns(input: UserInput, passwordHash: string | undefined): Updateable<UsersTable> {
  const { password: _password, queueIds: _queueIds, companyId: _companyId, super: isSuper, allowGroup, ...rest } = input;
  return {
    ...rest,
    ...(passwordHash !== undefined && { passwordHash }),
    ...(isSuper !== undefined && { super: isSuper ? 1 : 0 }),
    ...(allowGroup !== undefined && { allowGroup: allowGroup ? 1 : 0 }),
  };
}

/** Ids in the body must name rows of the user's company (a deleted connection is not a choice). */
async function assertRefsOf(db: Db, companyId: number, input: { queueIds?: number[]; whatsappId?: number | null }): Promise<void> {
  if (input.queueIds && (await forCompany(db, companyId).missingIds("queues", input.queueIds)).length) throw validationError({ queueIds: "Not found" });
  if (input.whatsappId && !(await findConnection(db, companyId, input.whatsappId))) throw validationError({ whatsappId: "Not found" });
}

export function createUsersService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  /** A user's row and queue links as the audit log keeps them (the password hash is redacted there). */
  const audit = (db: Db, actor: Actor, user: User, action: "create" | "update" | "delete", before?: AuditFields, after?: AuditFields) =>
    recordAudit(db, ctx.clock.now(), actor, { companyId: user.companyId, entity: "user", entityId: user.id, action, before, after });
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const queueIdsOf = async (db: Db, user: User) => sorted(((await queuesOfUsers(db, user.companyId, [user.id])).get(user.id) ?? []).map((q) => q.id));

  async function view(user: User) {
    const queues = await queuesOfUsers(ctx.db, user.companyId, [user.id]);
    return serializeUser(ctx, user, queues.get(user.id) ?? []);
  }

  /** Editing someone else needs users:manage. */
  function assertMayEdit(actor: Actor, id: number): void {
    if (id !== actor.userId) assertCan(actor, "users:manage");
  }

  /** The company's user `id`; only the super user touches a super user. */
  async function editableTarget(db: Db, actor: Actor, id: number): Promise<User> {
    const target = await findUser(db, actor.companyId, id);
    if (!target) throw userNotFound();
    if (target.super === 1 && !actor.super) throw noPermission();
    return target;
  }

  /** A file left behind costs disk, not correctness: it must not fail a change already committed. */
  async function dropImage(companyId: number, key: string | null): Promise<void> {
    if (!key) return;
    await ctx.media.delete(companyId, key).catch((err) => ctx.log.warn("profile image not deleted", { companyId, key, err: String(err) }));
  }

  return {
    async list(actor: Actor, query: { searchParam: string; pageNumber: number }) {
      assertCan(actor, "users:manage");
      const window = pageWindow(query.pageNumber, PAGE_SIZE.default);
      const [rows, count] = await Promise.all([
        listUsers(ctx.db, actor.companyId, query.searchParam, window),
        countUsers(ctx.db, actor.companyId, query.searchParam),
      ]);
      const page = pageOf(rows, window.size);
      const queues = await queuesOfUsers(
        ctx.db,
        actor.companyId,
        page.rows.map((u) => u.id),
      );
      return { users: page.rows.map((u) => serializeUser(ctx, u, queues.get(u.id) ?? [])), count, hasMore: page.hasMore };
    },

    /** Id and name for pickers; the super user may ask for another company's. */
    async picker(actor: Actor, companyId: number | undefined) {
      return pickerUsers(ctx.db, actor.super && companyId ? companyId : actor.companyId);
    },

    async get(actor: Actor, id: number) {
      assertMayEdit(actor, id);
      const user = await findUser(ctx.db, actor.companyId, id);
      if (!user) throw userNotFound();
      return view(user);
    },

    async create(actor: Actor, body: CreateUserInput) {
      assertCan(actor, "users:manage");
      const input = pick(body, writableFields(actor, undefined));
      const companyId = input.companyId ?? actor.companyId;
      if (companyId !== actor.companyId && !(await findCompany(ctx.db, companyId))) throw validationError({ companyId: "Not found" });
      const passwordHash = await Bun.password.hash(input.password);
      const user = await ctx.db.transaction().execute(async (trx) => {
        await assertBelowPlanLimit(trx, companyId, "users", () => countUsers(trx, companyId));
        if (await emailTaken(trx, input.email)) throw emailExists();
        await assertRefsOf(trx, companyId, input);
        const row = await insertUser(trx, companyId, { ...toColumns(input, passwordHash), name: input.name, email: input.email, passwordHash });
        if (input.queueIds) await replaceUserQueues(trx, companyId, row.id, input.queueIds);
        await audit(trx, actor, row, "create", undefined, { ...row, queueIds: sorted(input.queueIds ?? []) });
        return row;
      });
      ctx.bus.emit("user.created", { companyId, userId: user.id });
      return view(user);
    },

    async update(actor: Actor, id: number, body: UserInput) {
      assertMayEdit(actor, id);
      const input = pick(body, writableFields(actor, id));
      const passwordHash = input.password ? await Bun.password.hash(input.password) : undefined;
      // A password set by someone else ends the user's session, as a reset does; one's own change keeps it.
      const endsSession = passwordHash !== undefined && id !== actor.userId;
      const user = await ctx.db.transaction().execute(async (trx) => {
        const target = await editableTarget(trx, actor, id);
        if (input.email !== undefined && input.email !== target.email && (await emailTaken(trx, input.email, id))) throw emailExists();
        await assertRefsOf(trx, actor.companyId, input);
        if (target.profile === "admin" && input.profile === "user" && (await countOtherAdmins(trx, actor.companyId, id)) === 0) {
          throw lastAdmin("The company needs at least one admin");
        }
        if (target.super === 1 && input.super === false && (await countOtherSupers(trx, id)) === 0) {
          throw lastAdmin("The platform needs at least one super user");
        }
        const queueIds = input.queueIds && (await queueIdsOf(trx, target));
        const row = await updateUser(trx, actor.companyId, id, {
          ...toColumns(input, passwordHash),
          ...(endsSession && { tokenVersion: target.tokenVersion + 1 }),
          updatedAt: now(),
        });
        if (input.queueIds) await replaceUserQueues(trx, actor.companyId, id, input.queueIds);
        await audit(
          trx,
          actor,
          row,
          "update",
          { ...target, ...(queueIds && { queueIds }) },
          { ...row, ...(input.queueIds && { queueIds: sorted(input.queueIds) }) },
        );
        return row;
      });
      ctx.bus.emit("user.updated", { companyId: actor.companyId, userId: id });
      if (endsSession) ctx.bus.emit("auth.sessionEnded", { companyId: actor.companyId, userId: id, reason: "reset" });
      return view(user);
    },

    async setPanelWidth(actor: Actor, id: number, width: number) {
      assertMayEdit(actor, id);
      const user = await ctx.db.transaction().execute(async (trx) => {
        await editableTarget(trx, actor, id);
        return updateUser(trx, actor.companyId, id, { defaultTicketsManagerWidth: width, updatedAt: now() });
      });
      ctx.bus.emit("user.updated", { companyId: actor.companyId, userId: id });
      return view(user);
    },

    async setProfileImage(actor: Actor, id: number, file: File) {
      assertMayEdit(actor, id);
      const saved = await ctx.media.save(actor.companyId, { data: file, name: file.name }, { allow: ["image"], maxBytes: PROFILE_IMAGE_MAX_BYTES });
      const changed = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const target = await editableTarget(trx, actor, id);
          const user = await updateUser(trx, actor.companyId, id, { profileImage: saved.key, updatedAt: now() });
          await audit(trx, actor, user, "update", target, user);
          return { previous: target.profileImage, user };
        })
        .catch(async (err) => {
          await dropImage(actor.companyId, saved.key);
          throw err;
        });
      await dropImage(actor.companyId, changed.previous);
      ctx.bus.emit("user.updated", { companyId: actor.companyId, userId: id });
      return view(changed.user);
    },

    /**
     * Removes the user and their queue links. History stays: tables that point at users (tickets,
     * messages, notes — later modules) release the user by their foreign keys (SET NULL), never cascade.
     */
    async remove(actor: Actor, id: number) {
      assertCan(actor, "users:manage");
      if (id === actor.userId) throw new AppError("ERR_CANNOT_DELETE_SELF", 403, "You cannot delete yourself");
      const { target, released } = await ctx.db.transaction().execute(async (trx) => {
        const row = await editableTarget(trx, actor, id);
        if (row.profile === "admin" && (await countOtherAdmins(trx, actor.companyId, id)) === 0) throw lastAdmin("The company needs at least one admin");
        // Their tickets return to the queue before the user goes; history (messages, logs) stays.
        const released = await releaseUserTickets(trx, actor.companyId, id, now());
        await audit(trx, actor, row, "delete", { ...row, queueIds: await queueIdsOf(trx, row) });
        await deleteUser(trx, actor.companyId, id);
        return { target: row, released };
      });
      await dropImage(actor.companyId, target.profileImage);
      announceReleased(ctx, actor.companyId, released);
      ctx.bus.emit("user.deleted", { companyId: actor.companyId, userId: id });
    },
  };
}
