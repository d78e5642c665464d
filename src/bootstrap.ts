import type { AppContext } from "./context";

export interface FirstStartResult {
  created: boolean;
  email?: string;
  /** Only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/** On an empty store: the default plan, company 1 and its super admin. Does nothing afterwards. */
/** `hash`: how the admin's password is hashed; the product's argon2id unless a caller (a test fixture) says otherwise. */
export async function ensureFirstStart(ctx: AppContext, hash: (password: string) => Promise<string> = (p) => Bun.password.hash(p)): Promise<FirstStartResult> {
  const existing = await ctx.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return { created: false };
  const email = (ctx.config.ADMIN_EMAIL ?? "admin@multi100.local").toLowerCase();
  const generatedPassword = ctx.config.ADMIN_PASSWORD ? undefined : Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
  const passwordHash = await hash(ctx.config.ADMIN_PASSWORD ?? generatedPassword!);
  await ctx.db.transaction().execute(async (trx) => {
    let plan = await trx.selectFrom("plans").select("id").orderBy("id").executeTakeFirst();
    plan ??= await trx.insertInto("plans").values({ name: "Plano 1", isPublic: 1 }).returning("id").executeTakeFirstOrThrow();
    let company = await trx.selectFrom("companies").select("id").where("id", "=", 1).executeTakeFirst();
    // Numbered by the store (1 on an empty one): an explicit id would leave PostgreSQL's identity counter behind it.
    company ??= await trx
      .insertInto("companies")
      .values({ name: "Multi100", planId: plan.id, dueDate: "2999-12-31", status: 1, email })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("users")
      .values({
        companyId: company.id,
        name: "Admin",
        email,
        passwordHash,
        profile: "admin",
        super: 1,
        showDashboard: "enabled",
        allowRealTime: "enabled",
        allowConnections: "enabled",
        allTicket: "enable",
        allowGroup: 1,
        allUserChat: "enabled",
      })
      .execute();
  });
  return { created: true, email, generatedPassword };
}
