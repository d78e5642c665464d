import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/select";
import { Switch } from "../../../components/ui/switch";
import { length, type Rule, useFieldErrors, validate } from "../../auth/validation";
import { versionQuery } from "../../branding/queries";
import { fileListPickerQuery } from "../../files/queries";
import { usersPickerQuery } from "../../tickets/queries";
import { type ChatbotForm, type ChatbotOption, chatbotFieldErrors, formFromOption, offeredTypes } from "../chatbot";
import { queueListQuery, useSaveChatbotOption } from "../queries";

type Field = keyof ChatbotForm | "parentId";
const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "3" });
const pick: Rule = (v) => (v ? null : "validation.required");

/**
 * Adds an option (under `parent`, or at the root without one) or edits `option`: name (4-50), the message the contact
 * gets (it lists the sub-options, so an option with sub-options keeps one), the type and its target (an attendant of
 * the company, another queue, or a file list), and whether choosing it closes the ticket.
 */
export function ChatbotOptionForm(props: { queueId: number; option?: ChatbotOption; parent?: ChatbotOption; onDone: () => void }) {
  const { t } = useTranslation();
  const { queueId, option, parent, onDone } = props;
  const [form, setForm] = useState<ChatbotForm>(() => formFromOption(option));
  const users = useQuery({ ...usersPickerQuery, enabled: form.queueType === "attendent" });
  const queues = useQuery({ ...queueListQuery, enabled: form.queueType === "queue" });
  const fileLists = useQuery({ ...fileListPickerQuery(), enabled: form.queueType === "file" });
  const types = offeredTypes(useQuery(versionQuery).data?.features ?? []);
  const rules: Partial<Record<Field, Rule>> = {
    name: length(4, 50),
    greetingMessage: length(1, 4000, false),
    ...(form.queueType === "attendent" ? { optUserId: pick } : {}),
    ...(form.queueType === "queue" ? { optQueueId: pick } : {}),
    ...(form.queueType === "file" ? { optFileId: pick } : {}),
  };
  const { errors, setErrors, recheck } = useFieldErrors<Field>(rules);
  const save = useSaveChatbotOption(queueId);

  const set = <K extends keyof ChatbotForm>(k: K, v: ChatbotForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (typeof v === "string") recheck(k, v);
  };
  const err = (k: Field) => (errors[k] ? t(errors[k]!) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const next: Partial<Record<Field, string>> = validate(form as unknown as Record<Field, string>, rules);
    // The parent's message is the menu that lists its sub-options; an option with sub-options keeps its message.
    if (parent && !parent.greetingMessage?.trim()) next.parentId = "chatbot.errors.parentNeedsMessage";
    if (option?.options.length && !form.greetingMessage.trim()) next.greetingMessage = "chatbot.errors.messageKeepsSubOptions";
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({ id: option?.id, parentId: parent?.id ?? null, form });
    } catch (error) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(chatbotFieldErrors(error.fields));
      return;
    }
    onDone();
  };

  const userOptions = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const queueOptions = (queues.data ?? []).filter((q) => q.id !== queueId).map((q) => ({ value: String(q.id), label: q.name }));
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="chatbot-form"
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        p: "3",
        borderWidth: "1px",
        borderColor: "border.default",
        borderRadius: "md",
        bg: "bg.subtle",
      })}
    >
      <p className={css({ fontWeight: "semibold", fontSize: "sm" })}>
        {option ? t("chatbot.form.editTitle") : parent ? t("chatbot.form.addSubTitle", { name: parent.name }) : t("chatbot.form.addTitle")}
      </p>
      {errors.parentId ? (
        <p role="alert" data-testid="chatbot-parent-error" className={css({ fontSize: "sm", color: "fg.error" })}>
          {err("parentId")}
        </p>
      ) : null}
      <div className={grid}>
        <FormField label={t("chatbot.form.name")} error={err("name")} required>
          <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} autoFocus maxLength={50} />
        </FormField>
        <FormField helper={t(`chatbot.typeHelp.${form.queueType}`)}>
          <SelectField
            label={t("chatbot.form.type")}
            name="queueType"
            options={types.map((v) => ({ value: v, label: t(`chatbot.types.${v}`) }))}
            value={form.queueType}
            onChange={(v) => set("queueType", v as ChatbotForm["queueType"])}
          />
        </FormField>
      </div>
      {form.queueType === "attendent" ? (
        <FormField error={err("optUserId")} required>
          <SelectField
            label={`${t("chatbot.form.attendant")} *`}
            name="optUserId"
            options={userOptions}
            value={form.optUserId}
            onChange={(v) => set("optUserId", v)}
            placeholder={t("chatbot.form.pickAttendant")}
            invalid={!!errors.optUserId}
          />
        </FormField>
      ) : null}
      {form.queueType === "queue" ? (
        <FormField error={err("optQueueId")} required>
          <SelectField
            label={`${t("chatbot.form.queue")} *`}
            name="optQueueId"
            options={queueOptions}
            value={form.optQueueId}
            onChange={(v) => set("optQueueId", v)}
            placeholder={queues.data && !queueOptions.length ? t("chatbot.form.noOtherQueue") : t("chatbot.form.pickQueue")}
            invalid={!!errors.optQueueId}
          />
        </FormField>
      ) : null}
      {form.queueType === "file" ? (
        <FormField error={err("optFileId")} required>
          <SelectField
            label={`${t("chatbot.form.fileList")} *`}
            name="optFileId"
            options={(fileLists.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
            value={form.optFileId}
            onChange={(v) => set("optFileId", v)}
            placeholder={fileLists.data && !fileLists.data.length ? t("chatbot.form.noFileList") : t("chatbot.form.pickFileList")}
            invalid={!!errors.optFileId}
          />
        </FormField>
      ) : null}
      <FormField label={t("chatbot.form.message")} error={err("greetingMessage")} helper={t("chatbot.form.messageHelp")}>
        <Textarea name="greetingMessage" rows={3} value={form.greetingMessage} onChange={(e) => set("greetingMessage", e.target.value)} />
      </FormField>
      <Switch label={t("chatbot.form.closeTicket")} name="closeTicket" checked={form.closeTicket} onCheckedChange={(v) => set("closeTicket", v)} />
      <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
        <Button variant="outline" size="sm" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" loading={save.isPending} data-testid="chatbot-save">
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
