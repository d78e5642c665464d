import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { messageKey } from "../form";
import { usePairing } from "../queries";

/** Pairing by phone number instead of the QR code: the code then arrives with status PAIRING. */
export function PairingForm({ connectionId }: { connectionId: number }) {
  const { t } = useTranslation();
  const pairing = usePairing();
  const [number, setNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await pairing.mutateAsync({ id: connectionId, number });
    } catch (err) {
      if (err instanceof ApiError && err.fields.number) setError(err.fields.number);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="pairing-form" className={css({ w: "full" })}>
      <FormField label={t("connections.qr.pairingNumber")} error={error ? t(messageKey(error)) : null} helper={t("connections.qr.pairingHelp")}>
        <div className={css({ display: "flex", gap: "2" })}>
          <Input
            name="pairingNumber"
            inputMode="tel"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="outline" loading={pairing.isPending}>
            {t("connections.qr.getCode")}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
