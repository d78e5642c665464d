import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { api as http } from "../../../../api/client";
import { Button } from "../../../../components/ui/button";
import { RefreshIcon } from "../../../../components/ui/icons";
import { SelectField } from "../../../../components/ui/select";
import { connectionKeys } from "../../queries";
import { CopyField } from "./CopyField";
import { FieldError, type FormApi, stack } from "./fields";

/** A picker the build may not have yet: shown only when GET /api/version lists its feature (and the plan allows it). */
export interface PickerSpec {
  field: "integrationId" | "promptId" | "flowIdWelcome" | "flowIdNotPhrase";
  label: string;
  /** GET route listing {id, name} rows (bare, or the one array inside the answer). */
  path: string;
}

type Named = { id: number; name: string };
function rowsOf(data: unknown): Named[] {
  const list = Array.isArray(data) ? data : Object.values((data ?? {}) as Record<string, unknown>).find(Array.isArray);
  return (list ?? []).filter((r): r is Named => !!r && typeof (r as Named).id === "number");
}

function RefPicker({ api, spec }: { api: FormApi; spec: PickerSpec }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: connectionKeys.picker(spec.path), queryFn: () => http.get<unknown>(spec.path).then(rowsOf), staleTime: 60_000 });
  const error = api.err(spec.field);
  return (
    <div className={stack}>
      <SelectField
        label={spec.label}
        name={spec.field}
        options={[{ value: "none", label: t("connections.form.none") }, ...(q.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))]}
        value={api.form[spec.field] || "none"}
        onChange={(v) => api.set(spec.field, v === "none" ? "" : v)}
        invalid={!!error}
      />
      <FieldError>{error}</FieldError>
    </div>
  );
}

/** The connection's API token (copy, regenerate) and the integration, AI prompt and flow pickers this build has. */
export function IntegrationsTab({
  api,
  token,
  onRegenerate,
  regenerating,
  pickers,
}: {
  api: FormApi;
  token?: string;
  onRegenerate?: () => void;
  regenerating: boolean;
  pickers: readonly PickerSpec[];
}) {
  const { t } = useTranslation();
  return (
    <div className={stack}>
      {token ? (
        <CopyField
          label={t("connections.form.token")}
          helper={t("connections.form.tokenHelp")}
          value={token}
          testId="connection-token"
          actions={
            onRegenerate ? (
              <Button size="sm" variant="outline" onClick={onRegenerate} loading={regenerating} data-testid="connection-token-regenerate">
                <RefreshIcon size={16} />
                {t("connections.form.regenerate")}
              </Button>
            ) : null
          }
        />
      ) : (
        <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("connections.form.tokenOnSave")}</p>
      )}
      {pickers.map((p) => (
        <RefPicker key={p.field} api={api} spec={p} />
      ))}
      {pickers.length === 0 ? <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("connections.form.noIntegrations")}</p> : null}
    </div>
  );
}
