import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { IconButton } from "../../../../components/ui/button";
import { FormField } from "../../../../components/ui/field";
import { Input } from "../../../../components/ui/input";
import { toast } from "../../../../components/ui/toast";
import { Tip } from "../../../../components/ui/tooltip";
import { CopyIcon } from "../icons";

/** A read-only value with a copy button (the API token, a webhook URL); `actions` go beside the copy button. */
export function CopyField({
  label,
  value,
  helper,
  testId,
  actions,
}: {
  label: string;
  value: string;
  helper?: ReactNode;
  testId: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("connections.form.copied"));
    } catch {
      toast.error(t("connections.form.copyFailed"));
    }
  };
  return (
    <FormField label={label} helper={helper}>
      <div className={css({ display: "flex", gap: "1", alignItems: "center" })}>
        <Input readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} className={css({ fontFamily: "mono", fontSize: "xs" })} />
        <Tip label={t("connections.form.copy")}>
          <IconButton aria-label={t("connections.form.copy")} size="sm" onClick={copy} data-testid={`${testId}-copy`}>
            <CopyIcon />
          </IconButton>
        </Tip>
        {actions}
      </div>
    </FormField>
  );
}
