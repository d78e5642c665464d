import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { type ScheduleEntry, weekBody } from "./week";

type CompanySchedules = { id: number; schedules: ScheduleEntry[] };

/** GET /api/companies/:id/schedules: the company's week (the default week until its admins set one). */
export const companySchedulesQuery = (companyId: number) =>
  queryOptions({
    queryKey: keys.companySchedules(companyId),
    queryFn: () => api.get<CompanySchedules>(`/api/companies/${companyId}/schedules`).then((r) => r.schedules),
  });

/** PUT /api/companies/:id/schedules. Silent: the refused times are shown under their fields by the caller. */
export function useSaveCompanySchedules(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (week: ScheduleEntry[]) => api.put<CompanySchedules>(`/api/companies/${companyId}/schedules`, { schedules: weekBody(week) }),
    onSuccess: (saved) => qc.setQueryData(keys.companySchedules(companyId), saved.schedules),
  });
}
