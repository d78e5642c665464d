import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { MultiCombobox } from "../../../components/ui/combobox";
import { PlusIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { contactTagsQuery, tagsQuery, useSyncContactTags } from "../queries";

/** A new tag needs at least 3 characters ('Tag muito curta!'). */
export const TAG_MIN = 3;

/** The contact's tags: pick existing ones, or name a new one; the whole set is saved at once (POST /api/tags/sync). */
export function ContactTags({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const all = useQuery(tagsQuery(0));
  const mine = useQuery(contactTagsQuery(contactId));
  const sync = useSyncContactTags(contactId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const current = mine.data ?? [];
  const options = (all.data ?? []).map((x) => ({ value: String(x.id), label: x.name, color: x.color }));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (n.length < TAG_MIN) return setError(t("tickets.contact.tagTooShort"));
    setError(null);
    if (current.some((x) => x.name.toLowerCase() === n.toLowerCase())) return setName("");
    try {
      await sync.mutateAsync([...current, { name: n }]);
      setName("");
    } catch {
      // the mutation cache showed the error
    }
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="contact-tags">
      <MultiCombobox
        aria-label={t("tickets.contact.tags")}
        placeholder={t("tickets.contact.tagsPlaceholder")}
        options={options}
        value={current.map((x) => String(x.id))}
        onChange={(ids) => sync.mutate((all.data ?? []).filter((x) => ids.includes(String(x.id))))}
        emptyText={t("tickets.search.none")}
      />
      <form onSubmit={add} noValidate className={css({ display: "flex", gap: "1", alignItems: "flex-start" })}>
        <div className={css({ flex: "1", minW: 0 })}>
          <Input
            className={css({ h: "8" })}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            placeholder={t("tickets.contact.newTag")}
            aria-label={t("tickets.contact.newTag")}
            aria-invalid={!!error}
            data-testid="new-tag-input"
          />
          {error ? (
            <p role="alert" className={css({ color: "fg.error", fontSize: "xs", mt: "1" })} data-testid="tag-error">
              {error}
            </p>
          ) : null}
        </div>
        <IconButton type="submit" aria-label={t("tickets.contact.addTag")} size="sm" variant="outline" loading={sync.isPending} data-testid="new-tag-add">
          <PlusIcon />
        </IconButton>
      </form>
    </div>
  );
}
