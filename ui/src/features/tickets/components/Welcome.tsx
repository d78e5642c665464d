import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { ChatIcon } from "../../../components/ui/icons";
import { useIsWide } from "../../shell/hooks";
import { setMobileTab } from "../store";

/** /tickets with no ticket open: the welcome message; on small screens a button to the list ('Selecionar Ticket'). */
export default function Welcome() {
  const { t } = useTranslation();
  const wide = useIsWide();
  return (
    <section
      data-testid="tickets-welcome"
      className={css({
        flex: "1",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: "3",
        p: "6",
        textAlign: "center",
        color: "fg.muted",
      })}
    >
      <ChatIcon size={48} />
      <h1 className={css({ fontSize: "lg", fontWeight: "semibold", color: "fg.default" })}>{t("tickets.welcome.title")}</h1>
      <p className={css({ maxW: "sm", fontSize: "sm" })}>{t("tickets.welcome.text")}</p>
      {wide ? null : (
        <Button onClick={() => setMobileTab("list")} data-testid="select-ticket">
          {t("tickets.mobile.selectTicket")}
        </Button>
      )}
    </section>
  );
}
