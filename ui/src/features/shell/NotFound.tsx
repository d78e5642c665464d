import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { css } from "../../../styled-system/css";
import { useSessionUser } from "../auth/hooks";
import { homePath } from "./home";

export function NotFound() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <section
      data-testid="not-found"
      className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "3", py: "20", px: "4", textAlign: "center" })}
    >
      <h1 className={css({ fontSize: "2xl", fontWeight: "semibold" })}>{t("notFound.title")}</h1>
      <p className={css({ color: "fg.muted" })}>{t("notFound.text")}</p>
      <Link to={homePath(user)}>{t("notFound.home")}</Link>
    </section>
  );
}
