import { createListCollection } from "@ark-ui/react/combobox";
import { Portal } from "@ark-ui/react/portal";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import * as Combobox from "../../../components/ui/combobox";
import { useDebounced } from "../../shell/hooks";
import { contactsSearchQuery, type ContactRow } from "../../contacts/queries";
import { SEARCH_DEBOUNCE_MS } from "../hooks/useInboxParams";

/** The contact search starts at 3 characters, 500 ms after the last keystroke. */
export const CONTACT_SEARCH_MIN = 3;

/** Picks one contact by name or number. */
export function ContactSearch({ value, onChange, invalid }: { value: ContactRow | null; onChange: (c: ContactRow | null) => void; invalid?: boolean }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const debounced = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= CONTACT_SEARCH_MIN;
  const q = useQuery({ ...contactsSearchQuery(debounced), enabled });
  const items = useMemo(() => (enabled ? (q.data ?? []) : []), [enabled, q.data]);
  const collection = useMemo(() => createListCollection({ items, itemToValue: (c) => String(c.id), itemToString: (c) => c.name }), [items]);
  return (
    <Combobox.Root
      collection={collection}
      value={value ? [String(value.id)] : []}
      defaultInputValue={value?.name}
      onValueChange={(d) => onChange(d.items[0] ?? null)}
      onInputValueChange={(d) => setTerm(d.inputValue)}
      inputBehavior="autohighlight"
      invalid={invalid}
      positioning={{ sameWidth: true }}
    >
      <Combobox.Label>{t("tickets.newTicket.contact")}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={t("tickets.newTicket.contactPlaceholder")} data-testid="contact-search" />
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content>
            {term.trim().length < CONTACT_SEARCH_MIN ? (
              <div className={css({ p: "2", color: "fg.muted", fontSize: "sm" })}>{t("tickets.newTicket.typeMore", { count: CONTACT_SEARCH_MIN })}</div>
            ) : enabled && !q.isFetching && !items.length ? (
              <div className={css({ p: "2", color: "fg.muted", fontSize: "sm" })}>{t("tickets.newTicket.noContacts")}</div>
            ) : null}
            {items.map((c) => (
              <Combobox.Item key={c.id} item={c} data-testid="contact-option">
                <Combobox.ItemText>
                  {c.name}
                  {c.number ? <span className={css({ color: "fg.muted", ml: "2", fontSize: "xs" })}>{c.number}</span> : null}
                </Combobox.ItemText>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
