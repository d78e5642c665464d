import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { connectionsListQuery, useSessionAction } from "../queries";
import { PairingForm } from "./PairingForm";
import { QrCanvas } from "./QrCanvas";

/** Without a code or an error after this long, the dialog says the channel's service does not answer. */
export const QR_WAIT_MS = 30_000;

/**
 * The QR code of a connection pairing by QR, live from the list cache that the
 * company-{id}-whatsappSession frames keep current; with status PAIRING the same field holds the pairing code, shown
 * as text. Waits while there is no code yet; closes once a code it showed is gone (scanned, expired into another
 * status) or the connection is CONNECTED or deleted. When the session reports why it failed (the connection's
 * lastError, e.g. the channel's service cannot be reached), or nothing arrives within QR_WAIT_MS, it says so and
 * offers to try again instead of waiting forever.
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useQuery(connectionsListQuery);
  const connection = list.data?.find((c) => c.id === connectionId);
  const code = connection?.qrcode ?? "";
  const pairing = connection?.status === "PAIRING";
  const shown = useRef(false);
  const [byNumber, setByNumber] = useState(false);
  const [late, setLate] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = useSessionAction();
  if (code) shown.current = true;
  const error = code ? null : (connection?.lastError ?? null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the agent pressed try again) restarts the wait for the QR code even though the effect does not read the counter.
  useEffect(() => {
    if (code || error) return;
    setLate(false);
    const timer = setTimeout(() => setLate(true), QR_WAIT_MS);
    return () => clearTimeout(timer);
  }, [code, error, attempt]);

  const tryAgain = () => {
    setAttempt((n) => n + 1);
    retry.mutate({ id: connectionId, action: "retry" });
  };

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
          ) : error || late ? (
            <div
              role="alert"
              data-testid="qr-failed"
              className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "3", textAlign: "center", maxW: "full" })}
            >
              {error ? (
                <>
                  <p>{t("connections.qr.failed")}</p>
                  <code data-testid="qr-error" className={css({ fontFamily: "mono", fontSize: "sm", color: "status.danger", overflowWrap: "anywhere" })}>
                    {error}
                  </code>
                </>
              ) : (
                <p>{t("connections.qr.noAnswer")}</p>
              )}
              <Button variant="outline" onClick={tryAgain} loading={retry.isPending} data-testid="qr-retry">
                {t("connections.session.retry")}
              </Button>
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
