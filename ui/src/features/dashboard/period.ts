import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast";
import { useCompanySetting } from "../tickets/hooks/useCompanySetting";
import { dayIn } from "../kanban/cache";

/**
 * This month so far in the company's days (the server counts a period in its time zone, so near midnight "today" may
 * not be the browser's): the period a manager most often wants first. Read once, for a filter's first state.
 */
export function useThisMonth(): { dateFrom: string; dateTo: string } {
  const today = dayIn(new Date(), useCompanySetting("timezone"));
  return { dateFrom: `${today.slice(0, 8)}01`, dateTo: today };
}

/**
 * The check of a period filter before it is applied (the dashboard's and the tickets report's): both dates are
 * required ('Parametrize o filtro', as the product we replace says it) and the end may not come before the start.
 * Answers whether the period may be asked for; what is wrong is said in a toast, and nothing is asked.
 */
export function usePeriodCheck(): (period: { dateFrom: string; dateTo: string }) => boolean {
  const { t } = useTranslation();
  return useCallback(
    ({ dateFrom, dateTo }) => {
      if (!dateFrom || !dateTo) toast.error(t("period.required"));
      else if (dateFrom > dateTo) toast.error(t("period.backwards"));
      else return true;
      return false;
    },
    [t],
  );
}
