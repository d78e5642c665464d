import { useQuery } from "@tanstack/react-query";
import { useSnapshot } from "valtio";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { canUser, type PermissionKey, type PlanFlag } from "./permissions";
import { session } from "./store";
import type { SessionUser } from "./types";

export function useSessionUser(): SessionUser | null {
  return useSnapshot(session).user as SessionUser | null;
}

export function useCan(key: PermissionKey): boolean {
  return canUser(useSessionUser(), key);
}

export type Plan = { id: number; name: string } & Partial<Record<PlanFlag, boolean>>;

/** GET /api/companies/listPlan/:companyId: the plan flags that gate menus and screens. */
export function useCompanyPlan() {
  const user = useSessionUser();
  const companyId = user?.companyId ?? 0;
  return useQuery({
    queryKey: keys.companyPlan(companyId),
    queryFn: () => api.get<{ id: number; plan: Plan }>(`/api/companies/listPlan/${companyId}`).then((r) => r.plan),
    enabled: companyId > 0,
    staleTime: 5 * 60_000,
  });
}
