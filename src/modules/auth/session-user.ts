import type { AppContext } from "../../context";
import type { Company, User } from "../../db/schema";
import { companySettingsList } from "../settings/queries";
import { userQueues } from "./queries";

/** The session user of spec 1 §3, as login, refresh_token and me answer it. */
export async function sessionUser(ctx: AppContext, user: User, company: Company) {
  const [queues, settings] = await Promise.all([userQueues(ctx.db, user.id), companySettingsList(ctx.db, company.id)]);
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
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      companieSettings: settings,
    },
  };
}

export type SessionUser = Awaited<ReturnType<typeof sessionUser>>;
