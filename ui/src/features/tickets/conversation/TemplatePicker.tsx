import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { templateBody } from "../format";
import { templatesQuery, useSendTemplate } from "../queries";
import type { MessageTemplate } from "../types";

const option = css({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: "0.5",
  w: "full",
  textAlign: "start",
  px: "3",
  py: "2",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  cursor: "pointer",
  _hover: { bg: "bg.subtle" },
  "&[aria-pressed=true]": { borderColor: "accent.default", bg: "accent.subtle" },
});

/**
 * Once a Cloud API ticket's reply window has closed only a template goes out: the connection's approved
 * templates with their body, the body's {{n}} parameters filled in, sent as Meta takes them.
 */
export function TemplatePicker({ ticketId, whatsappId, onClose }: { ticketId: number; whatsappId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useQuery(templatesQuery(whatsappId));
  const send = useSendTemplate(ticketId);
  const [chosen, setChosen] = useState<MessageTemplate | null>(null);
  const [values, setValues] = useState<Record<number, string>>({});
  const body = chosen ? templateBody(chosen) : null;
  const complete = !!body && body.params.every((n) => values[n]?.trim());

  const submit = async () => {
    if (!chosen || !body || !complete) return;
    const parameters = body.params.map((n) => ({ type: "text" as const, text: values[n]!.trim() }));
    try {
      await send.mutateAsync({ name: chosen.name, language: chosen.language, components: parameters.length ? [{ type: "body", parameters }] : undefined });
      onClose();
    } catch {
      // the mutation cache showed the error; the dialog stays open
    }
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="template-picker">
        <Dialog.Title>{t("tickets.templates.title")}</Dialog.Title>
        <Dialog.Description>{t("tickets.templates.text")}</Dialog.Description>
        {templates.isPending ? <Spinner /> : null}
        {templates.data?.length === 0 ? <p className={css({ fontSize: "sm", color: "fg.muted" })}>{t("tickets.templates.empty")}</p> : null}
        <div className={css({ display: "flex", flexDirection: "column", gap: "2", maxH: "64", overflowY: "auto" })}>
          {templates.data?.map((tpl) => (
            <button
              key={tpl.id}
              type="button"
              className={option}
              aria-pressed={chosen?.id === tpl.id}
              onClick={() => {
                setChosen(tpl);
                setValues({});
              }}
              data-testid={`template-${tpl.name}-${tpl.language}`}
            >
              <span className={css({ fontWeight: "medium", fontSize: "sm" })}>{`${tpl.name} · ${tpl.language}`}</span>
              <span className={css({ fontSize: "xs", color: "fg.muted", whiteSpace: "pre-wrap" })}>{templateBody(tpl).text}</span>
            </button>
          ))}
        </div>
        {body?.params.map((n) => (
          <FormField key={n} label={t("tickets.templates.parameter", { n })} required>
            <Input value={values[n] ?? ""} onChange={(e) => setValues({ ...values, [n]: e.target.value })} data-testid={`template-param-${n}`} />
          </FormField>
        ))}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => void submit()} disabled={!complete} loading={send.isPending} data-testid="template-send">
            {t("tickets.templates.send")}
          </Button>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
