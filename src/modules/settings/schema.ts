import { z } from "zod";

/** Values travel as text; a number is accepted for numeric keys and each key's schema decides the rest. */
const rawValue = z.union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? "Required" : "Invalid value") });
const settingKey = z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!");

export const settingBody = z.object({ value: rawValue });
export const companySettingBody = z.object({ column: settingKey, data: rawValue });
export const columnQuery = z.object({ column: settingKey });

/** One setting: its key and its value as text. */
export const settingAnswer = z.object({ key: z.string(), value: z.string() }).meta({ id: "Setting" });
export const keyParams = z.object({ key: z.string() });
