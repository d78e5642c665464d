import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast";

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
