import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { QueueRef } from "./queries";

/**
 * The user fields that both a user as the users routes answer it and the session user (login, me) carry. Built field by field, so
 * secrets (password hash, token version) never leak.
 */
export function userFields(ctx: Pick<AppContext, "media">, user: User, queues: QueueRef[]) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super === 1,
    whatsappId: user.whatsappId,
    startWork: user.startWork,
    endWork: user.endWork,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup === 1,
    allHistoric: user.allHistoric,
    allUserChat: user.allUserChat,
    userClosePendingTicket: user.userClosePendingTicket,
    showDashboard: user.showDashboard,
    allowRealTime: user.allowRealTime,
    allowConnections: user.allowConnections,
    defaultTheme: user.defaultTheme,
    defaultMenu: user.defaultMenu,
    defaultTicketsManagerWidth: user.defaultTicketsManagerWidth,
    profileImage: user.profileImage ? ctx.media.url(user.companyId, user.profileImage) : null,
    queues,
  };
}

/** A user as every users route answers it: the shared fields, its queues and its profile image link. */
export function serializeUser(ctx: Pick<AppContext, "media">, user: User, queues: QueueRef[]) {
  return {
    ...userFields(ctx, user, queues),
    farewellMessage: user.farewellMessage,
    online: user.online === 1,
    lastSeenAt: user.lastSeenAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
