import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { contactBody, contactRules, contactServerErrors, type ContactForm, extraRowsOf, isMasked } from "../form";
import { useUpdateContact, type ContactRow } from "../queries";
import { ExtraInfoRows } from "./ExtraInfoRows";

type Form = ContactForm;
const RULES = contactRules(false);

/** The contact edit dialog of the drawer: name, number, email and the extra info rows. */
export function ContactEditDialog({ contact, onOpenChange }: { contact: ContactRow; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const save = useUpdateContact();
  const [form, setForm] = useState<Form>({ name: contact.name ?? "", number: contact.number ?? "", email: contact.email ?? "" });
  const [extra, setExtra] = useState(() => extraRowsOf(contact));
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
      await save.mutateAsync({ id: contact.id, body: contactBody(form, extra) });
      toast.success(t("tickets.contact.saved"));
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(contactServerErrors(error.fields)));
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
            <Input name="number" value={form.number} onChange={(e) => set("number", e.target.value)} inputMode="tel" disabled={isMasked(contact.number)} />
          </FormField>
          <FormField label={t("tickets.contact.email")} error={err("email")}>
            <Input name="email" type="email" value={form.email} onChange={(e) => set("email", e.target.value)} />
          </FormField>
          <ExtraInfoRows rows={extra} onChange={setExtra} />
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
