import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { RefreshIcon } from "../../../components/ui/icons";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { useCan } from "../../auth/hooks";
import { useIsWide } from "../../shell/hooks";
import { channelName } from "../channel-name";
import { facebookLoginProvider, useFacebookConnect } from "../facebook-login";
import { channelsQuery, connectionsListQuery, useCloseImported, useDeleteConnection, useRestartAll, useSessionAction } from "../queries";
import { useConnectionsRealtime } from "../realtime";
import type { SessionAction } from "../status";
import type { ChannelInfo, Connection } from "../types";
import { AddConnectionMenu } from "./AddConnectionMenu";
import { ConnectionModal } from "./form/ConnectionModal";
import { ConnectionCard } from "./ConnectionCard";
import { ConnectionRow, hideBelowLg, hideBelowMd } from "./ConnectionRow";
import { EmbedCodeDialog } from "./EmbedCodeDialog";
import type { ConnectionItemProps, RowActions } from "./parts";
import { ImportProgress } from "./ImportState";
import { QrCodeDialog } from "./QrCodeDialog";

type Confirm = { kind: "delete" | "disconnect" | "closeImported"; connection: Connection };

/** /connections: the table with live status, session buttons, the add menu, QR dialog and form. */
export default function ConnectionsPage() {
  const { t } = useTranslation();
  const manage = useCan("connections-page:addConnection");
  const wide = useIsWide();
  const list = useQuery(connectionsListQuery);
  const channels = useQuery(channelsQuery);
  useConnectionsRealtime();
  const [editing, setEditing] = useState<{ channel: ChannelInfo; id?: number } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [embedFor, setEmbedFor] = useState<Connection | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const session = useSessionAction();
  const remove = useDeleteConnection();
  const closeImported = useCloseImported();
  const restart = useRestartAll();
  const closeQr = useCallback(() => setQrFor(null), []);
  const facebook = useFacebookConnect();

  /**
   * Facebook and Instagram connect through Facebook Login when the page has a login provider (one connection per Page
   * or Instagram account); without one the form takes a Page's details by hand.
   */
  const pick = (channel: ChannelInfo) => {
    const provider = channel.id === "facebook" || channel.id === "instagram" ? facebookLoginProvider() : null;
    if (!provider) {
      if (channel.id === "facebook" || channel.id === "instagram") toast.warning(t("connections.facebookLogin.notConfigured"), 3000);
      setEditing({ channel });
      return;
    }
    // A refusal (the login cancelled, Meta's or the plan's) is toasted by the mutation cache.
    facebook.mutate(
      { provider, instagram: channel.id === "instagram" },
      {
        onSuccess: (r) =>
          toast.success(t("connections.facebookLogin.done", { created: r.connections.length, renewed: r.renewed.length, skipped: r.skipped.length }), 3000),
      },
    );
  };

  const byId = new Map((channels.data ?? []).map((c) => [c.id, c]));
  const connections = list.data ?? [];

  const actions: RowActions = {
    session: (c, a: SessionAction) => {
      if (a === "qr") setQrFor(c.id);
      else if (a === "disconnect") setConfirm({ kind: "disconnect", connection: c });
      else if (a === "retry" || a === "newQr") session.mutate({ id: c.id, action: a });
    },
    edit: (c) => {
      const channel = byId.get(c.channel);
      if (channel) setEditing({ channel, id: c.id });
      else toast.error(t("connections.unknownChannel", { channel: c.channel }));
    },
    remove: (c) => setConfirm({ kind: "delete", connection: c }),
    closeImported: (c) => setConfirm({ kind: "closeImported", connection: c }),
    embed: setEmbedFor,
  };

  const items: ConnectionItemProps[] = connections.map((c) => ({
    connection: c,
    channelName: channelName(t, c.channel, byId.get(c.channel)?.name),
    pairsByQr: byId.get(c.channel)?.connect === "qrcode",
    manage,
    busy: session.isPending && session.variables?.id === c.id,
    actions,
  }));

  const onConfirm = async () => {
    if (!confirm) return;
    const { kind, connection } = confirm;
    try {
      if (kind === "delete") {
        await remove.mutateAsync(connection.id);
        toast.success(t("connections.deleted"));
      } else if (kind === "disconnect") {
        await session.mutateAsync({ id: connection.id, action: "disconnect" });
      } else {
        const r = await closeImported.mutateAsync(connection.id);
        toast.success(t("connections.import.closed", { count: r.closed }));
      }
    } catch {
      // the mutation cache already showed the error toast
    }
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>{t("connections.title")}</h1>
        {manage ? (
          <>
            <Button
              variant="outline"
              loading={restart.isPending}
              onClick={() => restart.mutate(undefined, { onSuccess: () => toast.success(t("connections.restarted")) })}
              aria-label={t("connections.restart")}
              data-testid="connections-restart"
            >
              <RefreshIcon size={16} />
              <span className={css({ hideBelow: "sm" })}>{t("connections.restart")}</span>
            </Button>
            <AddConnectionMenu channels={channels.data ?? []} onPick={pick} />
          </>
        ) : null}
      </div>

      <ImportProgress connections={connections} />

      {wide ? (
        <Table.InfiniteScroller loading={list.isPending} data-testid="connections-table-scroller">
          <Table.Root data-testid="connections-table">
            <Table.Head>
              <tr>
                <Table.Header className={css({ w: "12" })}>{t("connections.columns.channel")}</Table.Header>
                <Table.Header>{t("connections.columns.name")}</Table.Header>
                <Table.Header className={css({ textAlign: "center" })}>{t("connections.columns.status")}</Table.Header>
                <Table.Header>{t("connections.columns.session")}</Table.Header>
                <Table.Header className={hideBelowLg}>{t("connections.columns.updatedAt")}</Table.Header>
                <Table.Header className={cx(hideBelowMd, css({ textAlign: "center" }))}>{t("connections.columns.default")}</Table.Header>
                <Table.Header className={css({ textAlign: "right" })}>{t("connections.columns.actions")}</Table.Header>
              </tr>
            </Table.Head>
            <Table.Body>
              {items.map((p) => (
                <ConnectionRow key={p.connection.id} {...p} />
              ))}
              {list.isSuccess && connections.length === 0 ? <Table.Empty colSpan={7}>{t("connections.empty")}</Table.Empty> : null}
            </Table.Body>
          </Table.Root>
        </Table.InfiniteScroller>
      ) : (
        <ul data-testid="connections-table" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          {items.map((p) => (
            <ConnectionCard key={p.connection.id} {...p} />
          ))}
          {list.isSuccess && connections.length === 0 ? (
            <li className={css({ color: "fg.muted", textAlign: "center", py: "8" })}>{t("connections.empty")}</li>
          ) : null}
        </ul>
      )}

      {editing ? (
        <ConnectionModal
          channel={editing.channel}
          connectionId={editing.id}
          onClose={() => setEditing(null)}
          onCreated={(c) => (editing.channel.connect === "qrcode" ? setQrFor(c.id) : c.widgetKey ? setEmbedFor(c) : undefined)}
        />
      ) : null}
      {qrFor !== null ? <QrCodeDialog connectionId={qrFor} onClose={closeQr} /> : null}
      {embedFor?.widgetKey ? <EmbedCodeDialog connection={embedFor} widgetKey={embedFor.widgetKey} onClose={() => setEmbedFor(null)} /> : null}
      <ConfirmationDialog
        open={!!confirm}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm ? t(`connections.confirm.${confirm.kind}.title`, { name: confirm.connection.name }) : ""}
        confirmLabel={confirm ? t(`connections.confirm.${confirm.kind}.action`) : undefined}
        danger={confirm?.kind !== "closeImported"}
        onConfirm={onConfirm}
      >
        {confirm ? t(`connections.confirm.${confirm.kind}.text`) : null}
      </ConfirmationDialog>
    </div>
  );
}
