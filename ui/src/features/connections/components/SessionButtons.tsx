import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { sessionActions, type SessionAction } from "../status";

/** The session buttons of one row, by status; only for holders of connections-page:addConnection. */
export function SessionButtons({
  status,
  pairsByQr,
  busy,
  onAction,
}: {
  status: string;
  pairsByQr: boolean;
  busy: boolean;
  onAction: (a: SessionAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {sessionActions(status, pairsByQr).map((a) =>
        a === "connecting" ? (
          <Button key={a} size="xs" variant="outline" loading disabled data-testid="session-connecting">
            {t("connections.session.connecting")}
          </Button>
        ) : (
          <Button key={a} size="xs" variant={a === "qr" ? "solid" : "outline"} disabled={busy} onClick={() => onAction(a)} data-testid={`session-${a}`}>
            {a === "qr" && status === "PAIRING" ? t("connections.session.pairingCode") : t(`connections.session.${a}`)}
          </Button>
        ),
      )}
    </>
  );
}
