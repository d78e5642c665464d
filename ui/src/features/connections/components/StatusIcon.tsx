import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Spinner } from "../../../components/ui/spinner";
import * as Tooltip from "../../../components/ui/tooltip";
import { Portal } from "@ark-ui/react/portal";
import { formatUpdatedAt } from "../format";
import { AlertIcon, CheckCircleIcon, QrIcon, XCircleIcon } from "./icons";

const KNOWN = ["qrcode", "OPENING", "PAIRING", "CONNECTED", "TIMEOUT", "DISCONNECTED"];

function Glyph({ status }: { status: string }) {
  switch (status) {
    case "CONNECTED":
      return <CheckCircleIcon className={css({ color: "fg.success" })} />;
    case "qrcode":
      return <QrIcon className={css({ color: "fg.info" })} />;
    case "OPENING":
      return <Spinner size="sm" />;
    case "DISCONNECTED":
      return <XCircleIcon className={css({ color: "fg.error" })} />;
    default:
      return <AlertIcon className={css({ color: "fg.warning" })} />;
  }
}

/** The status column: an icon per status, its meaning and what to do in a tooltip, and when a live session dropped. */
export function StatusIcon({ status, droppedAt }: { status: string; droppedAt?: string | null }) {
  const { t } = useTranslation();
  const key = KNOWN.includes(status) ? status : "unknown";
  const title = t(`connections.status.${key}.title`);
  return (
    <Tooltip.Root openDelay={200} closeDelay={0} positioning={{ placement: "bottom" }}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          data-testid="connection-status"
          data-status={status}
          aria-label={title}
          className={css({ display: "inline-flex", alignItems: "center", cursor: "default" })}
        >
          <Glyph status={status} />
        </button>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content data-testid="connection-status-tooltip" className={css({ maxW: "64" })}>
            <strong className={css({ display: "block" })}>{title}</strong>
            {key !== "CONNECTED" && key !== "unknown" ? <span>{t(`connections.status.${key}.text`)}</span> : null}
            {droppedAt && status !== "CONNECTED" ? (
              <span className={css({ display: "block", mt: "1" })}>{t("connections.droppedAt", { time: formatUpdatedAt(droppedAt) })}</span>
            ) : null}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
