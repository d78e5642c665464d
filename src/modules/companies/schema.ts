import { z } from "zod";
import { row } from "../../http/schemas";
import { scheduleAnswer, weekSchedules } from "../business-hours/schema";

export const companySchedulesBody = z.object({ schedules: weekSchedules });

export const companySchedulesAnswer = row({ id: z.number(), schedules: z.array(scheduleAnswer) }).meta({ id: "CompanySchedules" });
