import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button, IconButton } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { PlusIcon, TrashIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { email as emailRule, length, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { useUpdateContact, type ContactRow } from "../queries";

type Form = { name: string; number: string; email: string };
/** An extra info row; `key` identifies it in the list while rows are added and removed. */
type Extra = { key: number; name: string; value: string };

let nextExtraKey = 0;
const extraRow = (name: string, value: string): Extra => ({ key: nextExtraKey++, name, value });

/** The contact form's rules: name 2-50 required, number 8-50, email valid when given. */
const RULES = {
  name: length(2, 50),
  number: length(8, 50, false),
  email: (v: string) => (v.trim() ? emailRule(v) : null),
};

/** The contact edit dialog of the drawer: name, number, email and the extra info rows. */
export function ContactEditDialog({ contact, onOpenChange }: { contact: ContactRow; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const save = useUpdateContact();
  const [form, setForm] = useState<Form>({ name: contact.name ?? "", number: contact.number ?? "", email: contact.email ?? "" });
  const [extra, setExtra] = useState<Extra[]>(() => (contact.extraInfo ?? []).map((x) => extraRow(x.name, x.value)));
  const { errors, setErrors, recheck } = useFieldErrors<keyof Form>(RULES);
  const set = (k: keyof Form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    recheck(k, v);
  };
  const err = (k: keyof Form) => (errors[k] ? t(errors[k]!) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = validate(form, RULES);
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({
        id: contact.id,
        body: {
          name: form.name.trim(),
          number: form.number.trim(),
          email: form.email.trim(),
          extraInfo: extra.filter((x) => x.name.trim()).map((x) => ({ name: x.name.trim(), value: x.value })),
        },
      });
      toast.success(t("tickets.contact.saved"));
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(error.fields));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="contact-edit-dialog">
        <Dialog.Title>{t("tickets.contact.editTitle")}</Dialog.Title>
        <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <FormField label={t("tickets.contact.name")} error={err("name")} required>
            <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} autoFocus />
          </FormField>
          <FormField label={t("tickets.contact.number")} error={err("number")}>
            <Input name="number" value={form.number} onChange={(e) => set("number", e.target.value)} inputMode="tel" />
          </FormField>
          <FormField label={t("tickets.contact.email")} error={err("email")}>
            <Input name="email" type="email" value={form.email} onChange={(e) => set("email", e.target.value)} />
          </FormField>
          <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <span className={css({ fontSize: "sm", fontWeight: "medium" })}>{t("tickets.contact.extraInfo")}</span>
            {extra.map((x, i) => (
              <div key={x.key} className={css({ display: "flex", gap: "2" })} data-testid="extra-row">
                <Input
                  className={css({ h: "8" })}
                  aria-label={t("tickets.contact.extraName")}
                  placeholder={t("tickets.contact.extraName")}
                  value={x.name}
                  onChange={(e) => setExtra((l) => l.map((y, j) => (j === i ? { ...y, name: e.target.value } : y)))}
                />
                <Input
                  className={css({ h: "8" })}
                  aria-label={t("tickets.contact.extraValue")}
                  placeholder={t("tickets.contact.extraValue")}
                  value={x.value}
                  onChange={(e) => setExtra((l) => l.map((y, j) => (j === i ? { ...y, value: e.target.value } : y)))}
                />
                <IconButton aria-label={t("common.delete")} size="sm" onClick={() => setExtra((l) => l.filter((_, j) => j !== i))}>
                  <TrashIcon />
                </IconButton>
              </div>
            ))}
            <Button variant="outline" size="xs" onClick={() => setExtra((l) => [...l, extraRow("", "")])} className={css({ alignSelf: "flex-start" })}>
              <PlusIcon size={14} />
              {t("tickets.contact.addExtra")}
            </Button>
          </div>
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="contact-save">
              {t("common.save")}
            </Button>
          </div>
        </form>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
