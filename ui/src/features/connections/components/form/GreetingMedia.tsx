import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { Button, IconButton } from "../../../../components/ui/button";
import { TrashIcon, UploadIcon } from "../../../../components/ui/icons";
import { FieldError } from "./fields";

/** What happens to the greeting attachment on save: nothing, a new file (uploaded after the save), or removal. */
export type MediaChange = { kind: "keep" } | { kind: "upload"; file: File } | { kind: "remove" };

/** The greeting's image or video (POST/DELETE /api/whatsapp/:id/media-upload once the connection is saved). */
export function GreetingMedia({
  current,
  change,
  onChange,
  error,
}: {
  current: { name: string; url: string | null } | null;
  change: MediaChange;
  onChange: (c: MediaChange) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const shown = change.kind === "upload" ? { name: change.file.name, url: null } : change.kind === "remove" ? null : current;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <span className={css({ fontSize: "sm", fontWeight: "medium" })}>{t("connections.form.greetingMedia")}</span>
      <div className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap" })}>
        <input
          ref={input}
          type="file"
          accept="image/*,video/*"
          hidden
          data-testid="greeting-media-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange({ kind: "upload", file });
            e.target.value = "";
          }}
        />
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          <UploadIcon size={16} />
          {t("connections.form.chooseMedia")}
        </Button>
        {shown ? (
          <>
            <span
              data-testid="greeting-media-name"
              className={css({ fontSize: "sm", color: "fg.muted", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxW: "60" })}
            >
              {shown.url ? (
                <a href={shown.url} target="_blank" rel="noreferrer">
                  {shown.name}
                </a>
              ) : (
                shown.name
              )}
            </span>
            <IconButton
              aria-label={t("connections.form.removeMedia")}
              size="sm"
              onClick={() => onChange(current ? { kind: "remove" } : { kind: "keep" })}
              data-testid="greeting-media-remove"
            >
              <TrashIcon />
            </IconButton>
          </>
        ) : (
          <span className={css({ fontSize: "sm", color: "fg.muted" })}>{t("connections.form.noMedia")}</span>
        )}
      </div>
      <FieldError>{error}</FieldError>
    </div>
  );
}
