import type { AppContext } from "../../context";
import type { Company, User } from "../../db/schema";
import { companySettingsList } from "../settings/queries";
import { queuesOfUsers } from "../users/queries";
import { userFields } from "../users/serialize";

/** The session user, as login, refresh_token and me answer it. */
export async function sessionUser(ctx: AppContext, user: User, company: Company) {
  const [queues, settings] = await Promise.all([queuesOfUsers(ctx.db, user.companyId, [user.id]), companySettingsList(ctx.db, company.id)]);
  return {
    ...userFields(ctx, user, queues.get(user.id) ?? []),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      companieSettings: settings,
    },
  };
}

export type SessionUser = Awaited<ReturnType<typeof sessionUser>>;
