import { z } from "zod";

/** Values travel as text; a number is accepted for numeric keys and each key's schema decides the rest. */
const rawValue = z.union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? "Required" : "Invalid value") });
const settingKey = z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!");

export const settingBody = z.object({ value: rawValue });
export const companySettingBody = z.object({ column: settingKey, data: rawValue });
export const columnQuery = z.object({ column: settingKey });
