import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { FormField } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { SelectField } from "../../../components/ui/select";
import { useCan } from "../../auth/hooks";
import { connectionsListQuery } from "../../connections/queries";

/** The connection token to send with: pasted, or picked from the company's connections by those who may see tokens. */
export function TokenInput({ value, onChange, error }: { value: string; onChange: (token: string) => void; error?: string | null }) {
  const { t } = useTranslation();
  const canSeeTokens = useCan("connections-page:addConnection");
  const list = useQuery({ ...connectionsListQuery, enabled: canSeeTokens });
  const withToken = (list.data ?? []).filter((c) => c.token);
  return (
    <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: withToken.length ? "1fr 1fr" : "1fr" }, gap: "4", alignItems: "start" })}>
      {withToken.length ? (
        <SelectField
          label={t("messagesApi.form.connection")}
          name="connection"
          options={withToken.map((c) => ({ value: c.token!, label: c.name }))}
          value={withToken.some((c) => c.token === value) ? value : ""}
          onChange={onChange}
          placeholder={t("messagesApi.form.pickConnection")}
        />
      ) : null}
      <FormField label={t("messagesApi.form.token")} error={error} required>
        <PasswordInput name="token" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </FormField>
    </div>
  );
}
