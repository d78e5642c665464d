import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button, IconButton } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { FileIcon, PaperclipIcon, PlusIcon, TrashIcon } from "../../../components/ui/icons";
import { Input, Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { useSaveFileList, useUploadListFile } from "../queries";
import { type FileList, type FileListForm, type FileRow, formErrors, formFromList, labelOf, MAX_FILES, rowKey, serverErrors } from "../types";

const stack = css({ display: "flex", flexDirection: "column", gap: "4" });
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

/**
 * The file list dialog: name, message and the list's files, each with its own name. "Add files" picks one or more
 * files, each becoming a row named after it; a row's file can be replaced or the row removed. On save the list (names
 * and order) is written first, then each chosen file is uploaded to its row, with the progress shown; when an upload
 * fails the dialog stays open and a second save sends only what is still missing.
 */
export function FileListModal({ list, onClose }: { list?: FileList; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FileListForm>(() => formFromList(list));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [saving, setSaving] = useState(false);
  /** A new list once saved: saving again (after an upload failed) edits it instead of adding another. */
  const [savedId, setSavedId] = useState<number | undefined>(list?.id);
  const picker = useRef<HTMLInputElement>(null);
  /** The row whose file the picker replaces; undefined: the picker adds rows. */
  const replacing = useRef<string | undefined>(undefined);
  const save = useSaveFileList();
  const upload = useUploadListFile();

  const clearError = (key: string) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  const setField = (k: "name" | "message", v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    clearError(k);
  };
  const setRow = (key: string, change: Partial<FileRow>) => {
    setForm((f) => ({ ...f, rows: f.rows.map((r) => (r.key === key ? { ...r, ...change } : r)) }));
    clearError(`row.${key}`);
  };
  const removeRow = (key: string) => setForm((f) => ({ ...f, rows: f.rows.filter((r) => r.key !== key) }));

  const picked = (files: File[]) => {
    const target = replacing.current;
    replacing.current = undefined;
    if (!files.length) return;
    if (target) return setRow(target, { upload: files[0] });
    setForm((f) => ({
      ...f,
      rows: [...f.rows, ...files.slice(0, Math.max(0, MAX_FILES - f.rows.length)).map((file) => ({ key: rowKey(), name: labelOf(file), upload: file }))],
    }));
  };
  const choose = (rowKeyToReplace?: string) => {
    replacing.current = rowKeyToReplace;
    if (picker.current) {
      picker.current.multiple = !rowKeyToReplace;
      picker.current.click();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = formErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    let rows = form.rows;
    let id = savedId;
    try {
      const saved = await save.mutateAsync({ id, form });
      id = saved.id;
      setSavedId(saved.id);
      // The answer lists the files in the order sent: each row learns its id.
      rows = rows.map((r, i) => ({ ...r, id: saved.options[i]?.id ?? r.id, saved: saved.options[i] ?? r.saved }));
      setForm((f) => ({ ...f, rows }));
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverErrors(error.fields, rows));
      setSaving(false);
      return;
    }
    const pending = rows.filter((r) => r.upload && r.id !== undefined);
    setProgress(pending.length ? { done: 0, total: pending.length } : null);
    for (const [i, row] of pending.entries()) {
      try {
        const answer = await upload.mutateAsync({ fileListId: id, optionId: row.id!, file: row.upload! });
        const saved = answer.options.find((o) => o.id === row.id);
        rows = rows.map((r) => (r.key === row.key ? { ...r, upload: undefined, saved } : r));
        setForm((f) => ({ ...f, rows: f.rows.map((r) => (r.key === row.key ? { ...r, upload: undefined, saved } : r)) }));
        setProgress({ done: i + 1, total: pending.length });
      } catch {
        // The mutation cache showed why; the list is saved and the dialog stays open to try the file again.
        setErrors((e) => ({ ...e, [`row.${row.key}`]: "files.form.uploadFailed" }));
        setSaving(false);
        setProgress(null);
        return;
      }
    }
    setSaving(false);
    toast.success(t("files.saved"));
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && !saving && onClose()} size="lg" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="file-list-modal">
        <Dialog.Title>{list ? t("files.modal.editTitle") : t("files.modal.addTitle")}</Dialog.Title>
        <form onSubmit={submit} noValidate className={stack} data-testid="file-list-form">
          <FormField label={t("files.form.name")} error={errors.name ? t(errors.name) : null} required>
            <Input name="name" value={form.name} onChange={(e) => setField("name", e.target.value)} autoFocus />
          </FormField>
          <FormField label={t("files.form.message")} error={errors.message ? t(errors.message) : null} required>
            <Textarea
              name="message"
              rows={4}
              value={form.message}
              onChange={(e) => setField("message", e.target.value)}
              className={css({ resize: "vertical" })}
            />
          </FormField>

          <section className={css({ display: "flex", flexDirection: "column", gap: "2" })} aria-label={t("files.form.files")}>
            <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "2", flexWrap: "wrap" })}>
              <strong className={css({ fontSize: "sm" })}>{t("files.form.files")}</strong>
              <Button variant="outline" size="sm" onClick={() => choose()} disabled={saving || form.rows.length >= MAX_FILES} data-testid="file-list-add-file">
                <PlusIcon size={16} />
                {t("files.form.addFiles")}
              </Button>
            </div>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="file-list-picker"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = "";
                picked(files);
              }}
            />
            {form.rows.length === 0 ? (
              <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="file-list-no-files">
                {t("files.form.noFiles")}
              </p>
            ) : null}
            {form.rows.map((row, i) => {
              const error = errors[`row.${row.key}`];
              const fileName = row.upload?.name ?? row.saved?.file ?? null;
              return (
                <div
                  key={row.key}
                  data-testid="file-list-file"
                  className={css({
                    display: "flex",
                    flexDirection: "column",
                    gap: "2",
                    p: "3",
                    borderWidth: "1px",
                    borderColor: error ? "border.error" : "border.default",
                    borderRadius: "md",
                  })}
                >
                  <div className={css({ display: "flex", alignItems: "center", gap: "2", minW: 0 })}>
                    <Input
                      aria-label={t("files.form.fileName", { n: i + 1 })}
                      name={`file-name-${i}`}
                      value={row.name}
                      onChange={(e) => setRow(row.key, { name: e.target.value })}
                      disabled={saving}
                      className={css({ flex: "1", minW: 0 })}
                      data-testid="file-list-file-name"
                    />
                    <IconButton
                      aria-label={t("files.form.removeFile")}
                      size="sm"
                      onClick={() => removeRow(row.key)}
                      disabled={saving}
                      data-testid="file-list-remove-file"
                    >
                      <TrashIcon />
                    </IconButton>
                  </div>
                  <div className={css({ display: "flex", alignItems: "center", gap: "2", minW: 0, fontSize: "sm", color: "fg.muted" })}>
                    <FileIcon size={16} className={css({ flexShrink: 0 })} />
                    {row.saved?.path && !row.upload ? (
                      <a
                        href={row.saved.path}
                        target="_blank"
                        rel="noreferrer"
                        className={cx(css({ color: "fg.default", textDecoration: "underline", minW: 0 }), ellipsis)}
                        data-testid="file-list-file-link"
                      >
                        {fileName}
                      </a>
                    ) : (
                      <span className={ellipsis} data-testid="file-list-file-pending">
                        {fileName ?? t("files.form.noFileChosen")}
                      </span>
                    )}
                    <Button
                      variant="ghost"
                      size="xs"
                      onClick={() => choose(row.key)}
                      disabled={saving}
                      className={css({ ml: "auto", flexShrink: 0 })}
                      data-testid="file-list-replace-file"
                    >
                      <PaperclipIcon size={14} />
                      {fileName ? t("files.form.replaceFile") : t("files.form.chooseFile")}
                    </Button>
                  </div>
                  {error ? (
                    <span className={css({ fontSize: "sm", color: "fg.error" })} role="alert">
                      {t(error)}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </section>

          {progress ? (
            <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })} data-testid="file-list-progress" aria-live="polite">
              <span className={css({ fontSize: "sm", color: "fg.muted" })}>{t("files.form.uploading", { done: progress.done, total: progress.total })}</span>
              <ProgressBar done={progress.done} total={progress.total} />
            </div>
          ) : null}

          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
            <Button variant="outline" onClick={onClose} disabled={saving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={saving} data-testid="file-list-save">
              {list ? t("common.save") : t("files.add")}
            </Button>
          </div>
        </form>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
