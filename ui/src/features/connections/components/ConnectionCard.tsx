import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { formatUpdatedAt } from "../format";
import { Badge } from "../../../components/ui/badge";
import { ChannelMark, type ConnectionItemProps, EditDelete, SessionCell } from "./parts";
import { StatusIcon } from "./StatusIcon";

/** One connection as a card (narrow screens, where the table's columns do not fit): the same parts, stacked. */
export function ConnectionCard(props: ConnectionItemProps) {
  const { t } = useTranslation();
  const { connection: c, channelName, manage } = props;
  return (
    <li
      data-testid="connection-row"
      data-connection-id={c.id}
      data-channel={c.channel}
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        p: "3",
        bg: "bg.default",
        borderRadius: "lg",
        borderWidth: "1px",
        borderColor: "border.muted",
      })}
    >
      <div className={css({ display: "flex", alignItems: "center", gap: "3" })}>
        <ChannelMark channel={c.channel} name={channelName} />
        <div className={css({ flex: "1", minW: 0 })}>
          <div className={css({ fontWeight: "semibold", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>{c.name}</div>
          <div className={css({ color: "fg.muted", fontSize: "xs", display: "flex", gap: "2", alignItems: "center" })}>
            {c.number ? <span>{c.number}</span> : null}
            <span data-testid="connection-updated">{formatUpdatedAt(c.updatedAt)}</span>
          </div>
        </div>
        {c.isDefault ? (
          <Badge tone="success" data-testid="connection-default">
            {t("connections.columns.default")}
          </Badge>
        ) : null}
        <StatusIcon status={c.status} droppedAt={c.droppedAt} />
      </div>
      {manage ? (
        <fieldset
          className={css({ display: "flex", alignItems: "center", gap: "2", justifyContent: "space-between" })}
          aria-label={t("connections.columns.session")}
        >
          <SessionCell {...props} />
          <EditDelete {...props} />
        </fieldset>
      ) : null}
    </li>
  );
}
