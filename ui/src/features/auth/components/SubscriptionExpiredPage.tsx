import { Link, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { AuthLayout } from "./AuthLayout";

/** DD/MM/YYYY from YYYY-MM-DD. */
export const formatDueDate = (d: string) => {
  const [y, m, day] = d.slice(0, 10).split("-");
  return y && m && day ? `${day}/${m}/${y}` : d;
};

/** /financeiro-aberto: the login of a company whose subscription has expired ends here. */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const { dueDate } = useSearch({ from: "/financeiro-aberto" });
  return (
    <AuthLayout title={t("subscription.expiredTitle")}>
      <div data-testid="subscription-expired" className={css({ display: "flex", flexDirection: "column", gap: "3", textAlign: "center" })}>
        <p>{dueDate ? t("subscription.expiredOn", { date: formatDueDate(dueDate) }) : t("subscription.expiredText")}</p>
        <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("subscription.contact")}</p>
        <Link to="/login">{t("reset.backToLogin")}</Link>
      </div>
    </AuthLayout>
  );
}
