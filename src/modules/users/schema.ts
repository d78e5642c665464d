import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { pageOf, row } from "../../http/schemas";
import { email, password } from "../auth/schema";

const enabledFlag = z.enum(["enabled", "disabled"], { error: "Invalid value" });
const time = z.string({ error: "Invalid time" }).regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/, "Invalid time");

/** The tickets panel is 404 to 700 px wide. A resize handle may overshoot; the server pulls it back in range. */
export const TICKETS_PANEL_WIDTH = { min: 404, max: 700 } as const;
const width = z
  .number({ error: "Invalid number" })
  .refine(Number.isFinite, "Invalid number")
  .transform((v) => Math.min(TICKETS_PANEL_WIDTH.max, Math.max(TICKETS_PANEL_WIDTH.min, Math.round(v))));

const name = z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");

const fields = {
  name,
  email,
  // The user form sends an empty password when it is not being changed.
  password: z.preprocess((v) => (v === "" ? undefined : v), password.optional()),
  profile: z.enum(["admin", "user"], { error: "Invalid value" }),
  companyId: z.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id"),
  super: z.boolean({ error: "Invalid value" }),
  queueIds: z
    .array(z.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id"), { error: "Invalid value" })
    .max(1000, "Too Long!")
    .transform((ids) => [...new Set(ids)]),
  /** The user's default connection; resolved within the company by the service. */
  whatsappId: z.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").nullable(),
  startWork: time,
  endWork: time,
  farewellMessage: z.string({ error: "Invalid value" }).max(10_000, "Too Long!").nullable(),
  allTicket: z.enum(["enable", "disable"], { error: "Invalid value" }),
  allowGroup: z.boolean({ error: "Invalid value" }),
  defaultTheme: z.enum(["light", "dark"], { error: "Invalid value" }),
  defaultMenu: z.enum(["open", "closed"], { error: "Invalid value" }),
  // The form may send allHistoric as null: null means the default (disabled).
  allHistoric: enabledFlag.nullable().transform((v) => v ?? "disabled"),
  allUserChat: enabledFlag,
  userClosePendingTicket: enabledFlag,
  showDashboard: enabledFlag,
  allowRealTime: enabledFlag,
  allowConnections: enabledFlag,
  defaultTicketsManagerWidth: width,
};

export const updateUserBody = z.object(fields).partial();
export const createUserBody = updateUserBody.extend({ name, email, password });
export const widthBody = z.object({ defaultTicketsManagerWidth: width });
export const profileImageBody = z.object({ profileImage: z.instanceof(File, { error: "Required" }) });

export const listQuery = z.object({
  searchParam: z.string().trim().max(100, "Too Long!").default(""),
  pageNumber: pageNumberSchema,
});
export const pickerQuery = z.object({ companyId: z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").optional() });

export type UserInput = z.infer<typeof updateUserBody>;
export type CreateUserInput = z.infer<typeof createUserBody>;
export type UserField = keyof UserInput;

const queueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });
/** The user fields of every answer that carries a user (the session user of auth too). */
export const userFieldsAnswer = {
  id: z.number(),
  name: z.string(),
  email: z.string(),
  companyId: z.number(),
  profile: z.string(),
  super: z.boolean(),
  whatsappId: z.number().nullable(),
  startWork: z.string().nullable(),
  endWork: z.string().nullable(),
  allTicket: z.string(),
  allowGroup: z.boolean(),
  allHistoric: z.string().nullable(),
  allUserChat: z.string(),
  userClosePendingTicket: z.string(),
  showDashboard: z.string(),
  allowRealTime: z.string(),
  allowConnections: z.string(),
  defaultTheme: z.string(),
  defaultMenu: z.string(),
  defaultTicketsManagerWidth: z.number(),
  profileImage: z.string().nullable().meta({ description: "A signed media link, valid for one hour" }),
  queues: z.array(queueRef),
};
export const userAnswer = row({
  ...userFieldsAnswer,
  farewellMessage: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "User" });
export const usersPageAnswer = pageOf("users", userAnswer);
export const userPickerAnswer = z.array(z.object({ id: z.number(), name: z.string() }));
/** The session user of login, refresh_token and me: the user fields and the company with its settings. */
export const sessionUserAnswer = row({
  ...userFieldsAnswer,
  company: row({
    id: z.number(),
    name: z.string(),
    dueDate: z.string().nullable(),
    companieSettings: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
}).meta({ id: "SessionUser" });
