import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { PlusIcon, TrashIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { type ExtraRow, extraRow } from "../form";

/** A contact's extra fields: name-value rows to add, edit and remove (a row without a name is not saved). */
export function ExtraInfoRows({ rows, onChange }: { rows: ExtraRow[]; onChange: (rows: ExtraRow[]) => void }) {
  const { t } = useTranslation();
  const edit = (key: number, patch: Partial<ExtraRow>) => onChange(rows.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <span className={css({ fontSize: "sm", fontWeight: "medium" })}>{t("tickets.contact.extraInfo")}</span>
      {rows.map((x) => (
        <div key={x.key} className={css({ display: "flex", gap: "2", minW: 0 })} data-testid="extra-row">
          <Input
            className={css({ h: "8", minW: 0 })}
            aria-label={t("tickets.contact.extraName")}
            placeholder={t("tickets.contact.extraName")}
            value={x.name}
            onChange={(e) => edit(x.key, { name: e.target.value })}
          />
          <Input
            className={css({ h: "8", minW: 0 })}
            aria-label={t("tickets.contact.extraValue")}
            placeholder={t("tickets.contact.extraValue")}
            value={x.value}
            onChange={(e) => edit(x.key, { value: e.target.value })}
          />
          <IconButton aria-label={t("common.delete")} size="sm" onClick={() => onChange(rows.filter((y) => y.key !== x.key))} data-testid="extra-remove">
            <TrashIcon />
          </IconButton>
        </div>
      ))}
      <Button variant="outline" size="xs" onClick={() => onChange([...rows, extraRow()])} className={css({ alignSelf: "flex-start" })} data-testid="extra-add">
        <PlusIcon size={14} />
        {t("tickets.contact.addExtra")}
      </Button>
    </div>
  );
}
