import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import { COLOR_PRESETS, ColorField } from "../../../components/ui/color-picker";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { type Rule, required, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { tagsQuery } from "../../contacts/queries";
import { ColorChip } from "../../tickets/components/ColorChip";
import { useSaveTag } from "../queries";
import { formFromTag, TAG_DEFAULTS, TAG_NAME_MAX, TAG_NAME_MIN, type Tag, type TagForm } from "../types";

type Field = "name" | "color" | "laneOrder" | "kanban" | "timeLane" | "nextLaneId" | "rollbackLaneId" | "greetingMessageLane";
type Errors = Partial<Record<Field, string>>;
const stack = css({ display: "flex", flexDirection: "column", gap: "4" });

/** The spec's name rule: required, at least 3 characters ('Mensaje muy corta'). */
const name: Rule = (v) => {
  const s = v.trim();
  if (!s) return "validation.required";
  if (s.length < TAG_NAME_MIN) return "tags.errors.nameTooShort";
  return s.length > TAG_NAME_MAX ? "validation.tooLong" : null;
};
/** A whole number from 0, or empty for none. */
const order: Rule = (v) => (v.trim() === "" || /^\d{1,6}$/.test(v.trim()) ? null : "validation.invalidNumber");

/** The server's field messages for tags, mapped to our keys so they are shown translated. */
const SERVER_MESSAGES: Record<string, string> = {
  "Mensaje muy corta": "tags.errors.nameTooShort",
  "A tag with this name already exists": "tags.errors.nameTaken",
  "Invalid colour": "tags.errors.invalidColor",
  "Invalid number": "validation.invalidNumber",
  "A tag in use keeps its kind": "tags.errors.kindInUse",
  "Unknown lane": "tags.errors.unknownLane",
};
const fromServer = (fields: Record<string, string>): Errors => {
  const mapped = serverFieldErrors(fields);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, SERVER_MESSAGES[v] ?? mapped[k]])) as Errors;
};

/** The first preset colour no tag on the page uses; all taken: the first preset. */
const freeColor = (used: string[]) => COLOR_PRESETS.find((c) => !used.some((u) => u.toLowerCase() === c.toLowerCase())) ?? COLOR_PRESETS[0]!;

/**
 * The tag dialog: name, colour and, under the plan's useKanban, whether the tag is a kanban lane, the lane's place on
 * the board (a tag already on contacts or tickets keeps its kind, the server says so) and its timer: after how many
 * idle minutes a ticket whose agent spoke last moves to which lane, the greeting a ticket brought in by a timer gets,
 * and the lane a contact's answer moves it back to.
 */
export function TagModal({
  open,
  onOpenChange,
  tag,
  useKanban,
  usedColors,
  lane = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tag?: Tag;
  useKanban: boolean;
  usedColors: string[];
  /** A new tag starts as a kanban lane (the board's "+"). */
  lane?: boolean;
}) {
  const { t } = useTranslation();
  const isEdit = tag !== undefined;
  const [form, setForm] = useState<TagForm>(() => (tag ? formFromTag(tag) : { ...TAG_DEFAULTS, color: freeColor(usedColors), kanban: lane }));
  const rules = { name, color: required, laneOrder: order, timeLane: order };
  const { errors, setErrors, recheck } = useFieldErrors<Field>(rules);
  const save = useSaveTag(useKanban);
  const lanes = useQuery({ ...tagsQuery(1), enabled: useKanban && form.kanban });
  const laneOptions = [
    { value: "", label: t("tags.form.noLane") },
    ...(lanes.data ?? []).filter((l) => l.id !== tag?.id).map((l) => ({ value: String(l.id), label: l.name })),
  ];

  const set = (k: Field, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    recheck(k, v);
  };
  const err = (k: Field) => (errors[k] ? t(errors[k]!) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = validate(
      { name: form.name, color: form.color, laneOrder: form.kanban ? form.laneOrder : "", timeLane: form.kanban ? form.timeLane : "" },
      rules,
    );
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({ id: tag?.id, form });
    } catch (error) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(fromServer(error.fields));
      return;
    }
    toast.success(t("tags.saved"));
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="tag-modal">
        <Dialog.Title>{isEdit ? t("tags.modal.editTitle") : t("tags.modal.addTitle")}</Dialog.Title>
        <form onSubmit={submit} noValidate className={stack} data-testid="tag-form">
          <FormField label={t("tags.form.name")} error={err("name")} required>
            <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} maxLength={TAG_NAME_MAX} autoFocus />
          </FormField>
          <FormField error={err("color")} required>
            <ColorField label={`${t("tags.form.color")} *`} value={form.color} onChange={(hex) => set("color", hex)} />
          </FormField>
          {form.name.trim() ? (
            <div className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm", color: "fg.muted", minW: 0 })}>
              {t("tags.form.preview")}
              <ColorChip color={form.color} size="lg" data-testid="tag-preview">
                {form.name.trim()}
              </ColorChip>
            </div>
          ) : null}
          {useKanban ? (
            <div className={stack}>
              <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
                <Switch
                  name="kanban"
                  label={t("tags.form.kanban")}
                  checked={form.kanban}
                  onCheckedChange={(v) => {
                    setForm((f) => ({ ...f, kanban: v }));
                    setErrors((e) => ({ ...e, kanban: undefined }));
                  }}
                />
                {errors.kanban ? (
                  <span role="alert" className={css({ fontSize: "sm", color: "fg.error" })}>
                    {t(errors.kanban)}
                  </span>
                ) : (
                  <span className={css({ fontSize: "sm", color: "fg.muted" })}>{t("tags.form.kanbanHelp")}</span>
                )}
              </div>
              {form.kanban ? (
                <>
                  <FormField label={t("tags.form.laneOrder")} error={err("laneOrder")} helper={t("tags.form.laneOrderHelp")}>
                    <Input name="laneOrder" inputMode="numeric" value={form.laneOrder} onChange={(e) => set("laneOrder", e.target.value)} />
                  </FormField>
                  <FormField label={t("tags.form.timeLane")} error={err("timeLane")} helper={t("tags.form.timeLaneHelp")}>
                    <Input name="timeLane" inputMode="numeric" value={form.timeLane} onChange={(e) => set("timeLane", e.target.value)} />
                  </FormField>
                  <LaneSelect
                    field="nextLaneId"
                    label={t("tags.form.nextLaneId")}
                    value={form.nextLaneId}
                    options={laneOptions}
                    error={err("nextLaneId")}
                    onChange={set}
                  />
                  <FormField label={t("tags.form.greetingMessageLane")} error={err("greetingMessageLane")} helper={t("tags.form.greetingMessageLaneHelp")}>
                    <Textarea
                      name="greetingMessageLane"
                      rows={3}
                      value={form.greetingMessageLane}
                      onChange={(e) => set("greetingMessageLane", e.target.value)}
                    />
                  </FormField>
                  <LaneSelect
                    field="rollbackLaneId"
                    label={t("tags.form.rollbackLaneId")}
                    helper={t("tags.form.rollbackLaneIdHelp")}
                    value={form.rollbackLaneId}
                    options={laneOptions}
                    error={err("rollbackLaneId")}
                    onChange={set}
                  />
                </>
              ) : null}
            </div>
          ) : null}
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="tag-save">
              {isEdit ? t("common.save") : t("tags.add")}
            </Button>
          </div>
        </form>
      </Dialog.Frame>
    </Dialog.Root>
  );
}

/** A lane picker of the timer (its first option: none), with its helper or error text below. */
function LaneSelect(props: {
  field: "nextLaneId" | "rollbackLaneId";
  label: string;
  helper?: string;
  value: string;
  options: { value: string; label: string }[];
  error: string | null;
  onChange: (field: Field, value: string) => void;
}) {
  const note = props.error ?? props.helper;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
      <SelectField
        name={props.field}
        label={props.label}
        options={props.options}
        value={props.value}
        onChange={(v) => props.onChange(props.field, v)}
        placeholder={props.options[0]!.label}
        invalid={!!props.error}
      />
      {note ? (
        <span role={props.error ? "alert" : undefined} className={css({ fontSize: "sm", color: props.error ? "fg.error" : "fg.muted" })}>
          {note}
        </span>
      ) : null}
    </div>
  );
}
