import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { UploadIcon } from "../../../components/ui/icons";
import { Input, Textarea } from "../../../components/ui/input";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import { required, type Rule, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { useSendTest } from "../send";
import { TokenInput } from "./TokenInput";

const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4", alignItems: "start" });
const DIGITS = /^\d{10,15}$/;
const numberRule: Rule = (v) => (DIGITS.test(v) ? null : v ? "messagesApi.form.numberInvalid" : "validation.required");

/** A test of POST /api/messages/send: text (JSON) or media (multipart with `medias`), with a connection token. */
export function TestForm({ media }: { media: boolean }) {
  const { t } = useTranslation();
  const send = useSendTest();
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [userId, setUserId] = useState("");
  const [queueId, setQueueId] = useState("");
  const [sendSignature, setSendSignature] = useState(false);
  const [closeTicket, setCloseTicket] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  // The text needs a body; a media message needs files (checked as "how many"), its caption is optional.
  const rules: Partial<Record<string, Rule>> = {
    token: required,
    number: numberRule,
    ...(media ? { medias: (n) => (Number(n) ? null : "validation.required") } : { body: required }),
  };
  const { errors, setErrors, recheck } = useFieldErrors<string>(rules);
  const err = (k: string) => (errors[k] ? t(errors[k]!, { defaultValue: errors[k] }) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = validate({ token, number, body, medias: String(files.length) }, rules);
    setErrors(next);
    if (Object.keys(next).length) return;
    const fields = { number, body, userId, queueId, sendSignature: String(sendSignature), closeTicket: String(closeTicket) };
    let payload: Record<string, unknown> | FormData;
    if (media) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      for (const f of files) form.append("medias", f);
      payload = form;
    } else {
      payload = { number, body, userId: userId || undefined, queueId: queueId || undefined, sendSignature, closeTicket };
    }
    try {
      await send.mutateAsync({ token, body: payload });
      toast.success(t("messagesApi.sent"));
      setBody("");
      setFiles([]);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setErrors({ token: "messagesApi.form.tokenInvalid" });
      else if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(error.fields));
      else toastError(error);
    }
  };

  const id = media ? "media" : "text";
  return (
    <form onSubmit={submit} noValidate data-testid={`api-test-${id}`} className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <TokenInput
        value={token}
        onChange={(v) => {
          setToken(v);
          recheck("token", v);
        }}
        error={err("token")}
      />
      <div className={grid}>
        <FormField label={t("messagesApi.form.number")} error={err("number")} helper={t("messagesApi.form.numberHelp")} required>
          <Input
            name="number"
            inputMode="numeric"
            value={number}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, "");
              setNumber(digits);
              recheck("number", digits);
            }}
          />
        </FormField>
        {media ? (
          <FormField label={t("messagesApi.form.medias")} error={err("medias")} required>
            <input
              ref={fileInput}
              name="medias"
              type="file"
              multiple
              hidden
              onChange={(e) => {
                const picked = [...(e.target.files ?? [])];
                setFiles(picked);
                recheck("medias", String(picked.length));
              }}
            />
            <div className={css({ display: "flex", alignItems: "center", gap: "2", minH: "10" })}>
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <UploadIcon size={16} />
                {t("messagesApi.form.chooseFiles")}
              </Button>
              <span
                data-testid="api-test-files"
                className={css({ fontSize: "sm", color: "fg.muted", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}
              >
                {files.length ? files.map((f) => f.name).join(", ") : t("messagesApi.form.noFiles")}
              </span>
            </div>
          </FormField>
        ) : null}
      </div>
      <FormField label={media ? t("messagesApi.form.caption") : t("messagesApi.form.body")} error={err("body")} required={!media}>
        <Textarea
          name="body"
          rows={3}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            recheck("body", e.target.value);
          }}
        />
      </FormField>
      <div className={grid}>
        <FormField label={t("messagesApi.form.userId")} error={err("userId")} helper={t("messagesApi.form.optional")}>
          <Input
            name="userId"
            inputMode="numeric"
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value.replace(/\D/g, ""));
              recheck("userId", "");
            }}
          />
        </FormField>
        <FormField label={t("messagesApi.form.queueId")} error={err("queueId")} helper={t("messagesApi.form.optional")}>
          <Input
            name="queueId"
            inputMode="numeric"
            value={queueId}
            onChange={(e) => {
              setQueueId(e.target.value.replace(/\D/g, ""));
              recheck("queueId", "");
            }}
          />
        </FormField>
        <Switch name="sendSignature" label={t("messagesApi.form.sendSignature")} checked={sendSignature} onCheckedChange={setSendSignature} />
        <Switch name="closeTicket" label={t("messagesApi.form.closeTicket")} checked={closeTicket} onCheckedChange={setCloseTicket} />
      </div>
      <div className={css({ display: "flex", justifyContent: "flex-end" })}>
        <Button type="submit" loading={send.isPending} data-testid={`api-test-${id}-send`}>
          {t("messagesApi.form.send")}
        </Button>
      </div>
    </form>
  );
}
