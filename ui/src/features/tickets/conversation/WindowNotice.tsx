import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { InfoIcon } from "../../../components/ui/icons";

/**
 * Social channels only accept replies within the contact's reply window; once it has closed, a Cloud API
 * ticket can still be answered with a template (onTemplate).
 */
export function WindowNotice({ closed, onTemplate }: { closed: boolean; onTemplate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="window-notice"
      data-closed={closed || undefined}
      className={css({
        display: "flex",
        alignItems: "center",
        gap: "2",
        px: "3",
        py: "1.5",
        fontSize: "xs",
        bg: closed ? "bg.warning" : "bg.info",
        color: closed ? "fg.warning" : "fg.info",
      })}
    >
      <InfoIcon size={14} />
      <span className={css({ flex: "1" })}>{closed ? t("tickets.window.closed") : t("tickets.window.open")}</span>
      {closed && onTemplate ? (
        <Button size="xs" variant="outline" onClick={onTemplate} data-testid="window-send-template">
          {t("tickets.window.sendTemplate")}
        </Button>
      ) : null}
    </div>
  );
}
