import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { TrashIcon } from "../../../components/ui/icons";
import { Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ddmmyyyy, hhmm } from "../../tickets/format";
import { ticketNotesQuery, useAddNote, useDeleteNote } from "../queries";

/** A note is required, at least 2 characters. */
export const NOTE_MIN = 2;

/** The ticket's notes (list at most 200 px high) and the form to add one. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation();
  const notes = useQuery(ticketNotesQuery(ticketId, contactId));
  const add = useAddNote(ticketId, contactId);
  const remove = useDeleteNote(ticketId, contactId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const note = text.trim();
    if (!note) return setError(t("validation.required"));
    if (note.length < NOTE_MIN) return setError(t("validation.tooShort"));
    setError(null);
    try {
      await add.mutateAsync(note);
      setText("");
      toast.success(t("tickets.notes.added"));
    } catch {
      // the mutation cache showed the error
    }
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="ticket-notes">
      <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
        <Textarea
          rows={2}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          placeholder={t("tickets.notes.placeholder")}
          aria-label={t("tickets.notes.placeholder")}
          aria-invalid={!!error}
          data-testid="note-input"
        />
        {error ? (
          <p role="alert" className={css({ color: "fg.error", fontSize: "xs" })}>
            {error}
          </p>
        ) : null}
        <Button type="submit" size="xs" loading={add.isPending} className={css({ alignSelf: "flex-end" })} data-testid="note-add">
          {t("tickets.notes.add")}
        </Button>
      </form>
      <ul className={css({ maxH: "200px", overflowY: "auto", display: "flex", flexDirection: "column", gap: "2" })} data-testid="notes-list">
        {(notes.data ?? []).map((n) => (
          <li key={n.id} className={css({ bg: "bg.subtle", borderRadius: "md", p: "2", fontSize: "sm", display: "flex", gap: "2" })} data-testid="note">
            <div className={css({ flex: "1", minW: 0 })}>
              <p className={css({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" })}>{n.note}</p>
              <span
                className={css({ fontSize: "xs", color: "fg.muted" })}
              >{`${n.user?.name ?? ""} · ${ddmmyyyy(new Date(n.createdAt))} ${hhmm(new Date(n.createdAt))}`}</span>
            </div>
            <IconButton
              aria-label={t("common.delete")}
              size="xs"
              onClick={() =>
                remove.mutateAsync(n.id).then(
                  () => toast.success(t("tickets.notes.deleted")),
                  () => undefined,
                )
              }
              data-testid="note-delete"
            >
              <TrashIcon />
            </IconButton>
          </li>
        ))}
        {notes.data && !notes.data.length ? <li className={css({ fontSize: "xs", color: "fg.muted" })}>{t("tickets.notes.empty")}</li> : null}
      </ul>
    </div>
  );
}
