import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { CodeIcon, EditIcon, TrashIcon } from "../../../components/ui/icons";
import { Tip } from "../../../components/ui/tooltip";
import type { SessionAction } from "../status";
import type { Connection } from "../types";
import { CheckCircleIcon, ChannelIcon } from "./icons";
import { ImportButton } from "./ImportState";
import { SessionButtons } from "./SessionButtons";

/** What a connection's row or card can do (the page owns the dialogs). */
export interface RowActions {
  session: (c: Connection, a: SessionAction) => void;
  edit: (c: Connection) => void;
  remove: (c: Connection) => void;
  closeImported: (c: Connection) => void;
  /** The embed code of a connection with a public widget (web chat). */
  embed: (c: Connection) => void;
}

/** The pieces a row (wide screens) and a card (narrow) share. */
export interface ConnectionItemProps {
  connection: Connection;
  channelName: string;
  pairsByQr: boolean;
  manage: boolean;
  busy: boolean;
  actions: RowActions;
}

export function ChannelMark({ channel, name }: { channel: string; name: string }) {
  return (
    <span role="img" aria-label={name} title={name} className={css({ display: "inline-flex", flexShrink: 0 })}>
      <ChannelIcon channel={channel} />
    </span>
  );
}

export function DefaultFlag() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="connection-default"
      role="img"
      aria-label={t("connections.columns.default")}
      className={css({ display: "inline-flex", color: "fg.success" })}
    >
      <CheckCircleIcon size={18} />
    </span>
  );
}

export function SessionCell({ connection: c, pairsByQr, busy, actions }: Pick<ConnectionItemProps, "connection" | "pairsByQr" | "busy" | "actions">) {
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", gap: "1.5", alignItems: "center" })}>
      <SessionButtons status={c.status} pairsByQr={pairsByQr} busy={busy} onAction={(a) => actions.session(c, a)} />
      <ImportButton connection={c} onCloseImported={() => actions.closeImported(c)} />
    </div>
  );
}

export function EditDelete({ connection: c, actions }: Pick<ConnectionItemProps, "connection" | "actions">) {
  const { t } = useTranslation();
  return (
    <span className={css({ display: "inline-flex", whiteSpace: "nowrap" })}>
      {c.widgetKey ? (
        <Tip label={t("connections.embed.action")}>
          <IconButton aria-label={t("connections.embed.action")} size="sm" onClick={() => actions.embed(c)} data-testid="connection-embed">
            <CodeIcon />
          </IconButton>
        </Tip>
      ) : null}
      <Tip label={t("common.edit")}>
        <IconButton aria-label={t("common.edit")} size="sm" onClick={() => actions.edit(c)} data-testid="connection-edit">
          <EditIcon />
        </IconButton>
      </Tip>
      <Tip label={t("common.delete")}>
        <IconButton aria-label={t("common.delete")} size="sm" onClick={() => actions.remove(c)} data-testid="connection-delete">
          <TrashIcon />
        </IconButton>
      </Tip>
    </span>
  );
}
