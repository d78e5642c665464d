import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { useCan } from "../../auth/hooks";
import { serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { usersPickerQuery } from "../../tickets/queries";
import { contactBody, contactRules, contactServerErrors, type ContactForm, extraRowsOf, isMasked } from "../form";
import { useSaveContact } from "../list";
import { type ContactRow, contactQuery } from "../queries";
import { ExtraInfoRows } from "./ExtraInfoRows";
import { type PickedTag, TagPicker } from "./TagPicker";

type Field = keyof ContactForm | "walletUserId";
const NO_OWNER = "none";

const sameTags = (a: readonly PickedTag[], b: readonly PickedTag[]) => a.length === b.length && a.every((x) => x.id && b.some((y) => y.id === x.id));

/**
 * The contacts page's dialog, to add a contact or edit one: name, number, email, extra fields, tags and, for admins,
 * the wallet owner (a user of the company). A number the server masked for this viewer is shown read-only. An edit
 * reads the contact first: the list does not carry its extra fields, and saving without them would drop them.
 */
export function ContactModal({ contact, onClose }: { contact?: ContactRow; onClose: () => void }) {
  const full = useQuery({ ...contactQuery(contact?.id ?? 0), enabled: !!contact, staleTime: 0, refetchOnWindowFocus: false });
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="contact-modal">
        {contact && !(full.data && full.isFetchedAfterMount) ? (
          <div className={css({ display: "flex", justifyContent: "center", py: "10" })}>
            <Spinner />
          </div>
        ) : (
          <ContactFormBody contact={full.data} onClose={onClose} />
        )}
      </Dialog.Frame>
    </Dialog.Root>
  );
}

function ContactFormBody({ contact, onClose }: { contact?: ContactRow; onClose: () => void }) {
  const { t } = useTranslation();
  const isAdmin = useCan("contacts:manage");
  const users = useQuery({ ...usersPickerQuery, enabled: isAdmin });
  const save = useSaveContact();
  const rules = contactRules(!contact);
  const [form, setForm] = useState<ContactForm>({ name: contact?.name ?? "", number: contact?.number ?? "", email: contact?.email ?? "" });
  const [extra, setExtra] = useState(() => extraRowsOf(contact));
  const [tags, setTags] = useState<PickedTag[]>(() => contact?.tags ?? []);
  const [owner, setOwner] = useState(contact?.walletUserId ? String(contact.walletUserId) : NO_OWNER);
  const { errors, setErrors, recheck } = useFieldErrors<Field>(rules);
  const set = (k: keyof ContactForm, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    recheck(k, v);
  };
  const err = (k: Field) => (errors[k] ? t(errors[k]!) : null);
  const masked = !!contact && isMasked(contact.number);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = validate(form, rules);
    setErrors(next);
    if (Object.keys(next).length) return;
    const wallet = isAdmin ? { walletUserId: owner === NO_OWNER ? null : Number(owner) } : undefined;
    const tagsChanged = contact ? !sameTags(tags, contact.tags ?? []) : tags.length > 0;
    try {
      await save.mutateAsync({ id: contact?.id, body: contactBody(form, extra, wallet), tags: tagsChanged ? tags : undefined });
      toast.success(t(contact ? "contacts.updated" : "contacts.created"));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(contactServerErrors(error.fields)));
    }
  };

  const ownerOptions = [{ value: NO_OWNER, label: t("contacts.noWallet") }, ...(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))];

  return (
    <>
      <Dialog.Title>{t(contact ? "contacts.editTitle" : "contacts.addTitle")}</Dialog.Title>
      <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <FormField label={t("tickets.contact.name")} error={err("name")} required>
          <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} autoFocus data-testid="contact-name" />
        </FormField>
        <FormField label={t("tickets.contact.number")} error={err("number")} required={!contact} helper={masked ? t("contacts.numberHidden") : undefined}>
          <Input
            name="number"
            value={form.number}
            onChange={(e) => set("number", e.target.value)}
            inputMode="tel"
            placeholder="5511987654321"
            disabled={masked}
            data-testid="contact-number"
          />
        </FormField>
        <FormField label={t("tickets.contact.email")} error={err("email")}>
          <Input name="email" type="email" value={form.email} onChange={(e) => set("email", e.target.value)} data-testid="contact-email" />
        </FormField>
        <ExtraInfoRows rows={extra} onChange={setExtra} />
        <TagPicker value={tags} onChange={setTags} />
        {isAdmin ? (
          <FormField label={t("contacts.wallet")} error={err("walletUserId")} helper={t("contacts.walletHelp")}>
            <SelectField
              options={ownerOptions}
              value={owner}
              onChange={(v) => {
                setOwner(v);
                setErrors((x) => ({ ...x, walletUserId: undefined }));
              }}
              aria-label={t("contacts.wallet")}
              invalid={!!errors.walletUserId}
            />
          </FormField>
        ) : null}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="contact-modal-save">
            {t("common.save")}
          </Button>
        </div>
      </form>
    </>
  );
}
