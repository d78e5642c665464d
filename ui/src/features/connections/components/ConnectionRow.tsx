import { css, cx } from "../../../../styled-system/css";
import * as Table from "../../../components/ui/table";
import { formatUpdatedAt } from "../format";
import { ChannelMark, type ConnectionItemProps, DefaultFlag, EditDelete, SessionCell } from "./parts";
import { StatusIcon } from "./StatusIcon";

/** Columns that give way first when the content area narrows (the drawer takes 240 px). */
export const hideBelowLg = css({ hideBelow: "lg" });
export const hideBelowMd = css({ hideBelow: "md" });

/** One connection in the table (wide screens): channel, name, status, session buttons, last update, default flag, edit and delete. */
export function ConnectionRow(props: ConnectionItemProps) {
  const { connection: c, channelName, manage } = props;
  return (
    <Table.Row data-testid="connection-row" data-connection-id={c.id} data-channel={c.channel}>
      <Table.Cell className={css({ w: "12" })}>
        <ChannelMark channel={c.channel} name={channelName} />
      </Table.Cell>
      <Table.Cell className={css({ fontWeight: "medium", maxW: "56", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
        {c.name}
        {c.number ? <span className={css({ display: "block", color: "fg.muted", fontSize: "xs", fontWeight: "normal" })}>{c.number}</span> : null}
      </Table.Cell>
      <Table.Cell className={css({ textAlign: "center" })}>
        <StatusIcon status={c.status} droppedAt={c.droppedAt} />
      </Table.Cell>
      <Table.Cell>{manage ? <SessionCell {...props} /> : null}</Table.Cell>
      <Table.Cell data-testid="connection-updated" className={cx(hideBelowLg, css({ whiteSpace: "nowrap" }))}>
        {formatUpdatedAt(c.updatedAt)}
      </Table.Cell>
      <Table.Cell className={cx(hideBelowMd, css({ textAlign: "center" }))}>{c.isDefault ? <DefaultFlag /> : null}</Table.Cell>
      <Table.Cell className={css({ textAlign: "right" })}>{manage ? <EditDelete {...props} /> : null}</Table.Cell>
    </Table.Row>
  );
}
