import { useQuery } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { MultiCombobox } from "../../../components/ui/combobox";
import { PlusIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { tagsQuery } from "../queries";
import { TAG_MIN } from "./ContactTags";

/** A tag of the form: an existing one (id) or a new one named here, created when the contact is saved. */
export interface PickedTag {
  id?: number;
  name: string;
  color?: string;
}

const optionValue = (t: PickedTag) => (t.id ? String(t.id) : `new:${t.name}`);

/** The contact dialog's tags: pick the company's contact tags, or name a new one (at least 3 characters). */
export function TagPicker({ value, onChange }: { value: PickedTag[]; onChange: (tags: PickedTag[]) => void }) {
  const { t } = useTranslation();
  const all = useQuery(tagsQuery(0));
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fresh = value.filter((x) => !x.id);
  const options = [
    ...(all.data ?? []).map((x) => ({ value: String(x.id), label: x.name, color: x.color })),
    ...fresh.map((x) => ({ value: optionValue(x), label: x.name })),
  ];
  const pick = (values: string[]) => {
    const byValue = new Map<string, PickedTag>([...(all.data ?? []).map((x) => [String(x.id), x] as const), ...fresh.map((x) => [optionValue(x), x] as const)]);
    onChange(values.map((v) => byValue.get(v)).filter((x): x is PickedTag => !!x));
  };
  const add = () => {
    const n = name.trim();
    if (n.length < TAG_MIN) return setError(t("tickets.contact.tagTooShort"));
    setError(null);
    setName("");
    const existing = (all.data ?? []).find((x) => x.name.toLowerCase() === n.toLowerCase());
    if (value.some((x) => x.name.toLowerCase() === n.toLowerCase())) return;
    onChange([...value, existing ?? { name: n }]);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    add();
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="contact-tag-picker">
      <span className={css({ fontSize: "sm", fontWeight: "medium" })}>{t("tickets.contact.tags")}</span>
      <MultiCombobox
        aria-label={t("tickets.contact.tags")}
        placeholder={t("tickets.contact.tagsPlaceholder")}
        options={options}
        value={value.map(optionValue)}
        onChange={pick}
        emptyText={t("tickets.search.none")}
      />
      <div className={css({ display: "flex", gap: "1", alignItems: "flex-start" })}>
        <div className={css({ flex: "1", minW: 0 })}>
          <Input
            className={css({ h: "8" })}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            onKeyDown={onKey}
            placeholder={t("tickets.contact.newTag")}
            aria-label={t("tickets.contact.newTag")}
            aria-invalid={!!error}
            data-testid="contact-new-tag"
          />
          {error ? (
            <p role="alert" className={css({ color: "fg.error", fontSize: "xs", mt: "1" })}>
              {error}
            </p>
          ) : null}
        </div>
        <IconButton aria-label={t("tickets.contact.addTag")} size="sm" variant="outline" onClick={add} data-testid="contact-new-tag-add">
          <PlusIcon />
        </IconButton>
      </div>
    </div>
  );
}
