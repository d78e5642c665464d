import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { connectionsListQuery } from "../queries";
import { PairingForm } from "./PairingForm";
import { QrCanvas } from "./QrCanvas";

/**
 * The QR code of a connection pairing by QR (spec 2 "Connections"), live from the list cache that the
 * company-{id}-whatsappSession frames keep current; with status PAIRING the same field holds the pairing code, shown
 * as text. Waits while there is no code yet; closes once a code it showed is gone (scanned, expired into another
 * status) or the connection is CONNECTED or deleted.
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useQuery(connectionsListQuery);
  const connection = list.data?.find((c) => c.id === connectionId);
  const code = connection?.qrcode ?? "";
  const pairing = connection?.status === "PAIRING";
  const shown = useRef(false);
  const [byNumber, setByNumber] = useState(false);
  if (code) shown.current = true;

  useEffect(() => {
    if (!list.data) return;
    if (!connection || connection.status === "CONNECTED" || (shown.current && !code)) onClose();
  }, [list.data, connection, code, onClose]);

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="sm" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="qr-dialog">
        <Dialog.Title>{t(pairing ? "connections.qr.pairingTitle" : "connections.qr.title", { name: connection?.name ?? "" })}</Dialog.Title>
        <Dialog.Description>{t(pairing ? "connections.qr.pairingInstructions" : "connections.qr.instructions")}</Dialog.Description>
        <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "3", minH: "264px", justifyContent: "center", py: "2" })}>
          {code && pairing ? (
            <output data-testid="pairing-code" className={css({ fontFamily: "mono", fontSize: "3xl", fontWeight: "bold", letterSpacing: "0.2em" })}>
              {code}
            </output>
          ) : code ? (
            <div className={css({ bg: "white", p: "1", borderRadius: "md", lineHeight: 0 })}>
              <QrCanvas value={code} label={t("connections.qr.alt")} />
            </div>
          ) : (
            <>
              <Spinner size="lg" />
              <p data-testid="qr-waiting" className={css({ color: "fg.muted", textAlign: "center" })}>
                {t("connections.qr.waiting")}
              </p>
            </>
          )}
        </div>
        {code && !pairing ? (
          byNumber ? (
            <PairingForm connectionId={connectionId} />
          ) : (
            <Button variant="link" onClick={() => setByNumber(true)} className={css({ alignSelf: "center" })}>
              {t("connections.qr.useNumber")}
            </Button>
          )
        ) : null}
      </Dialog.Frame>
    </Dialog.Root>
  );
}
