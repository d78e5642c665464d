import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { QueueRef } from "./queries";

/** The User of spec 2 §3 as every users route answers it. Built field by field, so secrets never leak. */
export function serializeUser(ctx: Pick<AppContext, "media">, user: User, queues: QueueRef[]) {
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
    farewellMessage: user.farewellMessage,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup === 1,
    defaultTheme: user.defaultTheme,
    defaultMenu: user.defaultMenu,
    allHistoric: user.allHistoric,
    allUserChat: user.allUserChat,
    userClosePendingTicket: user.userClosePendingTicket,
    showDashboard: user.showDashboard,
    allowRealTime: user.allowRealTime,
    allowConnections: user.allowConnections,
    profileImage: user.profileImage ? ctx.media.url(user.companyId, user.profileImage) : null,
    online: user.online === 1,
    lastSeenAt: user.lastSeenAt,
    defaultTicketsManagerWidth: user.defaultTicketsManagerWidth,
    queues,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export type UserView = ReturnType<typeof serializeUser>;
