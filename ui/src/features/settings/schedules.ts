import { SETTING_GROUPS, type SettingGroup } from "./registry";

/**
 * The settings page shows the company's business hours when the company keeps one week for all its service
 * (scheduleType "company"), the scheduleType setting itself is shown (its effect exists) and the server has the
 * company-hours routes. Queue and connection hours are edited in their own dialogs.
 */
export function companySchedulesShown(scheduleType: string | undefined, serverHasRoutes: boolean, groups: SettingGroup[] = SETTING_GROUPS): boolean {
  const field = groups.flatMap((g) => g.fields).find((f) => f.key === "scheduleType");
  return !!field?.shown && serverHasRoutes && scheduleType === "company";
}
