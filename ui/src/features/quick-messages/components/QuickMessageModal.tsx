import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { Button, IconButton } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { FileIcon, PaperclipIcon, SmileIcon, TrashIcon } from "../../../components/ui/icons";
import { Input, Textarea } from "../../../components/ui/input";
import * as Popover from "../../../components/ui/popover";
import { SelectField } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { useSessionUser } from "../../auth/hooks";
import { length, type Rule, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { LazyEmojiPicker } from "../../tickets/conversation/LazyEmojiPicker";
import { useQuickMessageMedia, useSaveQuickMessage } from "../queries";
import { canEdit, formFromQuickMessage, MESSAGE_MAX, QUICK_MESSAGE_DEFAULTS, type QuickMessage, type QuickMessageForm, SHORTCODE_MAX } from "../types";

type Field = "shortcode" | "message";
const stack = css({ display: "flex", flexDirection: "column", gap: "4" });
const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" });
const maxLength =
  (max: number): Rule =>
  (v) =>
    v.length > max ? "validation.tooLong" : null;

/**
 * The quick message dialog: shortcode (required), message with emoji inserted at the cursor, visibility and, while it
 * is on, "general", and the attachment. The file is sent after the message is saved (the API takes it on the saved
 * message); removing it takes effect on save too. A message the user may not edit opens read-only.
 */
export function QuickMessageModal({ quickMessage, onClose }: { quickMessage?: QuickMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const readOnly = !!quickMessage && !canEdit(user, quickMessage);
  const [form, setForm] = useState<QuickMessageForm>(() => (quickMessage ? formFromQuickMessage(quickMessage) : QUICK_MESSAGE_DEFAULTS));
  const rules: Record<Field, Rule> = { shortcode: length(1, SHORTCODE_MAX), message: maxLength(MESSAGE_MAX) };
  const { errors, setErrors, recheck } = useFieldErrors<Field>(rules);
  /** The file chosen to attach, or `null` once the current one is to be removed; undefined: unchanged. */
  const [media, setMedia] = useState<File | null | undefined>(undefined);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  /** A new message once saved: a retry of its file (after an upload failed) edits it instead of adding another. */
  const [createdId, setCreatedId] = useState<number>();
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveQuickMessage();
  const upload = useQuickMessageMedia();

  const set = <K extends keyof QuickMessageForm>(k: K, v: QuickMessageForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (k === "shortcode" || k === "message") recheck(k, String(v));
  };
  const err = (k: Field) => (errors[k] ? t(errors[k]!) : null);

  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? form.message.length;
    const end = el?.selectionEnd ?? form.message.length;
    set("message", form.message.slice(0, start) + emoji + form.message.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    const next = validate(form as unknown as Record<Field, string>, rules);
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    let saved: QuickMessage;
    try {
      saved = await save.mutateAsync({ id: quickMessage?.id ?? createdId, form });
      setCreatedId(saved.id);
    } catch (error) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(error.fields) as Partial<Record<Field, string>>);
      setSaving(false);
      return;
    }
    const mediaChanged = media !== undefined && !(media === null && !quickMessage?.isMedia);
    if (mediaChanged) {
      try {
        await upload.mutateAsync({ id: saved.id, file: media });
      } catch (error) {
        // The message is saved; the dialog stays open for another try with the file.
        toastError(error);
        setSaving(false);
        return;
      }
    }
    setSaving(false);
    toast.success(t("quickMessages.saved"));
    onClose();
  };

  const attachedName = media === undefined ? quickMessage?.mediaName : media?.name;
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="lg" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="quick-message-modal">
        <Dialog.Title>{quickMessage ? t("quickMessages.modal.editTitle") : t("quickMessages.modal.addTitle")}</Dialog.Title>
        {readOnly ? (
          <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="quick-message-read-only">
            {t("quickMessages.modal.readOnly")}
          </p>
        ) : null}
        <form onSubmit={submit} noValidate className={stack} data-testid="quick-message-form">
          <FormField label={t("quickMessages.form.shortcode")} error={err("shortcode")} helper={t("quickMessages.form.shortcodeHelp")} required>
            <Input name="shortcode" value={form.shortcode} onChange={(e) => set("shortcode", e.target.value)} disabled={readOnly} autoFocus={!readOnly} />
          </FormField>
          <FormField label={t("quickMessages.form.message")} error={err("message")}>
            <div className={css({ position: "relative" })}>
              <Textarea
                ref={area}
                name="message"
                rows={5}
                value={form.message}
                onChange={(e) => set("message", e.target.value)}
                disabled={readOnly}
                className={css({ pr: "10", resize: "vertical" })}
              />
              <Popover.Root open={emojiOpen} onOpenChange={(d) => setEmojiOpen(d.open)} positioning={{ placement: "bottom-end" }} lazyMount unmountOnExit>
                <Popover.Trigger asChild>
                  <IconButton
                    aria-label={t("tickets.input.emoji")}
                    size="sm"
                    disabled={readOnly}
                    className={css({ position: "absolute", top: "1", right: "1" })}
                    data-testid="quick-message-emoji"
                  >
                    <SmileIcon />
                  </IconButton>
                </Popover.Trigger>
                {/* Inside the dialog (no portal), so picking an emoji is not a click outside it. */}
                <Popover.Positioner>
                  <Popover.Content>
                    <LazyEmojiPicker onSelect={insertEmoji} />
                  </Popover.Content>
                </Popover.Positioner>
              </Popover.Root>
            </div>
          </FormField>
          <div className={grid}>
            <SelectField
              label={t("quickMessages.form.visibility")}
              name="visao"
              options={[
                { value: "on", label: t("quickMessages.form.active") },
                { value: "off", label: t("quickMessages.form.inactive") },
              ]}
              value={form.visao ? "on" : "off"}
              onChange={(v) => set("visao", v === "on")}
              disabled={readOnly}
            />
            {form.visao ? (
              <SelectField
                label={t("quickMessages.form.general")}
                name="geral"
                options={[
                  { value: "yes", label: t("quickMessages.form.yes") },
                  { value: "no", label: t("quickMessages.form.no") },
                ]}
                value={form.geral ? "yes" : "no"}
                onChange={(v) => set("geral", v === "yes")}
                disabled={readOnly}
              />
            ) : null}
          </div>
          <p className={css({ fontSize: "sm", color: "fg.muted", mt: "-2" })} data-testid="quick-message-visibility-help">
            {form.visao ? (form.geral ? t("quickMessages.form.generalHelp") : t("quickMessages.form.ownerOnlyHelp")) : t("quickMessages.form.inactiveHelp")}
          </p>
          <div className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap", minW: 0 })}>
            <input
              ref={fileInput}
              type="file"
              hidden
              data-testid="quick-message-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) setMedia(file);
              }}
            />
            {attachedName ? (
              <span
                className={css({
                  display: "flex",
                  alignItems: "center",
                  gap: "1.5",
                  minW: 0,
                  flex: { base: "1 1 100%", sm: "1" },
                  fontSize: "sm",
                  color: "fg.muted",
                })}
                data-testid="quick-message-attachment"
              >
                <FileIcon size={16} className={css({ flexShrink: 0 })} />
                <span className={css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>{attachedName}</span>
              </span>
            ) : null}
            {readOnly ? null : (
              <>
                <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} data-testid="quick-message-attach">
                  <PaperclipIcon size={16} />
                  {attachedName ? t("quickMessages.form.replaceFile") : t("quickMessages.form.attach")}
                </Button>
                {attachedName ? (
                  <Button variant="outline" size="sm" onClick={() => setMedia(null)} data-testid="quick-message-remove-file">
                    <TrashIcon size={16} />
                    {t("quickMessages.form.removeFile")}
                  </Button>
                ) : null}
              </>
            )}
          </div>
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
            <Button variant="outline" onClick={onClose}>
              {readOnly ? t("common.close") : t("common.cancel")}
            </Button>
            {readOnly ? null : (
              <Button type="submit" loading={saving} data-testid="quick-message-save">
                {quickMessage ? t("common.save") : t("quickMessages.add")}
              </Button>
            )}
          </div>
        </form>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
