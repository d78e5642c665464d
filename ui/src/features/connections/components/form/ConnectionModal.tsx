import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../../styled-system/css";
import { ApiError } from "../../../../api/client";
import { toastError } from "../../../../api/errors";
import { keys } from "../../../../api/keys";
import { Button } from "../../../../components/ui/button";
import { ConfirmationDialog } from "../../../../components/ui/confirmation-dialog";
import * as Dialog from "../../../../components/ui/dialog";
import { Spinner } from "../../../../components/ui/spinner";
import * as Tabs from "../../../../components/ui/tabs";
import { toast } from "../../../../components/ui/toast";
import { useCompanyPlan } from "../../../auth/hooks";
import { length, useFieldErrors } from "../../../auth/validation";
import { useFeature } from "../../../branding/queries";
import { queuesQuery } from "../../../users/queries";
import { channelName } from "../../channel-name";
import { configBody, configDefaults, configFields as fieldsOf } from "../../config-schema";
import {
  bodyFromForm,
  CONNECTION_FIELDS,
  type ConnectionForm,
  firstTabWithError,
  FORM_DEFAULTS,
  formFromConnection,
  messageKey,
  type Tab,
  TABS,
  tabOf,
} from "../../form";
import { isShown, tabShown } from "../../hidden";
import { connectionQuery, removeGreetingMedia, settingQuery, uploadGreetingMedia, useSaveConnection } from "../../queries";
import { formRuleErrors, RULE_INPUTS, recheckRules } from "../../rules";
import type { ChannelInfo, Connection, SavedConnection } from "../../types";
import { AssessmentsTab } from "./AssessmentsTab";
import { ChatbotTab } from "./ChatbotTab";
import type { FormApi } from "./fields";
import { GeneralTab } from "./GeneralTab";
import type { MediaChange } from "./GreetingMedia";
import { IntegrationsTab, type PickerSpec } from "./IntegrationsTab";
import { MessagesTab } from "./MessagesTab";
import { SchedulesTab } from "./SchedulesTab";

const IMPORT_FIELDS = ["enableImportMessage", "importOldMessages", "importRecentMessages"] as const;
/** A connection's name: 2 to 50 characters. */
const NAME_RULE = length(2, 50);

/**
 * The connection form: a modal with the tabs general, integrations, messages, chatbot,
 * assessments and, when the company's scheduleType is "connection", schedules. The name and the rules that need only
 * the form (rules.ts) are checked before sending; the server validates everything (one answer with every failing
 * field): each message shows under its field and the form opens the first tab holding one.
 * Saving a change that makes a CONNECTED QR-code connection pair again (greeting media, import) asks first.
 */
export function ConnectionModal({
  channel,
  connectionId,
  onClose,
  onCreated,
}: {
  channel: ChannelInfo;
  connectionId?: number;
  onClose: () => void;
  onCreated?: (c: Connection) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const isEdit = connectionId !== undefined;
  const existing = useQuery({ ...connectionQuery(connectionId ?? 0), enabled: isEdit });
  const queues = useQuery(queuesQuery);
  const scheduleType = useQuery(settingQuery("scheduleType"));
  const userRating = useQuery(settingQuery("userRating"));
  const plan = useCompanyPlan().data;
  const save = useSaveConnection();

  const hasIntegrations = useFeature("integrations");
  const hasPrompts = useFeature("prompts");
  const hasFlows = useFeature("flows");
  const pickers: PickerSpec[] = [
    ...(hasIntegrations && plan?.useIntegrations
      ? [{ field: "integrationId" as const, label: t("connections.form.integrationId"), path: "/api/queueIntegration" }]
      : []),
    ...(hasPrompts && plan?.useOpenAi ? [{ field: "promptId" as const, label: t("connections.form.promptId"), path: "/api/prompt" }] : []),
    ...(hasFlows && plan?.useIntegrations
      ? [
          { field: "flowIdWelcome" as const, label: t("connections.form.flowIdWelcome"), path: "/api/flowbuilder" },
          { field: "flowIdNotPhrase" as const, label: t("connections.form.flowIdNotPhrase"), path: "/api/flowbuilder" },
        ]
      : []),
  ].filter((p) => isShown(p.field));
  const configFields = useMemo(() => fieldsOf(channel.configSchema, channel.secretFields, CONNECTION_FIELDS), [channel]);

  const [form, setForm] = useState<ConnectionForm>(() => ({ ...FORM_DEFAULTS, config: configDefaults(channel.configSchema, channel.secretFields, undefined) }));
  const initial = useRef<ConnectionForm | null>(null);
  // The name is checked here, and the cross-field rules of rules.ts; every other field by the server, whose message goes
  // once the field is changed.
  const { errors, setErrors, recheck } = useFieldErrors<string>({ name: NAME_RULE });
  const [tab, setTab] = useState<Tab>("general");
  const [media, setMedia] = useState<MediaChange>({ kind: "keep" });
  const [token, setToken] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState<"sessionReset" | "regenerate" | null>(null);

  useEffect(() => {
    if (!existing.data || initial.current) return;
    const loaded = { ...formFromConnection(existing.data), config: configDefaults(channel.configSchema, channel.secretFields, existing.data.config) };
    initial.current = loaded;
    setForm(loaded);
    setToken(existing.data.token);
  }, [existing.data, channel]);

  const tabs = TABS.filter((x) => tabShown(x) && (x !== "schedules" || scheduleType.data === "connection"));
  const api: FormApi = {
    form,
    set: (key, value) => {
      setForm((f) => ({ ...f, [key]: value }));
      if (key === "config") clearConfigErrors(value as ConnectionForm["config"]);
      else if (RULE_INPUTS.has(key)) setErrors((shown) => recheckRules(shown as Record<string, string>, { ...form, [key]: value }));
      else recheck(key, String(value));
    },
    err: (field) => (errors[field] ? t(messageKey(errors[field]!)) : null),
  };
  /** A plugin setting the server refused: changing it clears its message (and those of its lines). */
  const clearConfigErrors = (next: ConnectionForm["config"]) => {
    const changed = Object.keys(next)
      .filter((k) => next[k] !== form.config[k])
      .map((k) => `config.${k}`);
    setErrors((shown) => {
      const kept = Object.entries(shown).filter(([field]) => !changed.some((c) => field === c || field.startsWith(`${c}.`)));
      return kept.length === Object.keys(shown).length ? shown : Object.fromEntries(kept);
    });
  };
  const errorCount = (x: Tab) => Object.keys(errors).filter((k) => tabOf(k) === x).length;

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = firstTabWithError(next);
    if (first && tabs.includes(first)) setTab(first);
  };

  /** These edits (greeting media, message import) end the session of a connected QR-code connection, which pairs again. */
  const resetsSession = () => {
    const before = initial.current;
    if (!before || existing.data?.status !== "CONNECTED" || channel.connect !== "qrcode") return false;
    return media.kind !== "keep" || (form.enableImportMessage && IMPORT_FIELDS.some((k) => form[k] !== before[k]));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const nameError = NAME_RULE(form.name);
    const before = { ...formRuleErrors(form), ...(nameError ? { name: nameError } : {}) };
    if (Object.keys(before).length) return showErrors(before);
    if (resetsSession()) setConfirm("sessionReset");
    else void persist();
  };

  async function persist() {
    setSaving(true);
    const body = bodyFromForm(form, { config: configBody(configFields, form.config), pickers: pickers.map((p) => p.field) });
    let saved: SavedConnection;
    try {
      saved = await save.mutateAsync({ id: connectionId, body: isEdit ? body : { ...body, channel: channel.id } });
    } catch (err) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (err instanceof ApiError && err.code === "ERR_VALIDATION") showErrors(err.fields);
      setSaving(false);
      return;
    }
    let reset = !!saved.sessionReset;
    try {
      if (media.kind === "upload") reset = !!(await uploadGreetingMedia(saved.id, media.file)).sessionReset || reset;
      if (media.kind === "remove") reset = !!(await removeGreetingMedia(saved.id)).sessionReset || reset;
    } catch (err) {
      // The connection is saved: say what failed and close, so a second save cannot create it twice.
      toastError(err);
    }
    void qc.invalidateQueries({ queryKey: keys.whatsapps });
    toast.success(t("connections.saved"));
    if (reset) toast.warning(t("connections.form.sessionReset"), 4000);
    setSaving(false);
    if (!isEdit) onCreated?.(saved);
    onClose();
  }

  async function regenerate() {
    if (!connectionId) return;
    try {
      const saved = await save.mutateAsync({ id: connectionId, body: { regenerateToken: true } });
      setToken(saved.token);
      toast.success(t("connections.form.tokenRegenerated"));
    } catch {
      // the mutation cache already showed the error toast
    }
  }

  const loading = isEdit && existing.isPending;
  const queueOptions = (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name, color: q.color }));
  const name = channelName(t, channel.id, channel.name);
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="lg" lazyMount unmountOnExit closeOnInteractOutside={false}>
      <Dialog.Frame data-testid="connection-modal">
        <Dialog.Title>{isEdit ? t("connections.form.editTitle", { channel: name }) : t("connections.form.addTitle", { channel: name })}</Dialog.Title>
        {loading ? (
          <div className={css({ display: "flex", justifyContent: "center", py: "10" })}>
            <Spinner size="lg" />
          </div>
        ) : (
          <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="connection-form">
            <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as Tab)} lazyMount={false}>
              <Tabs.List>
                {tabs.map((x) => {
                  const count = errorCount(x);
                  return (
                    <Tabs.Trigger key={x} value={x} data-testid={`tab-${x}`} data-errors={count || undefined}>
                      {t(`connections.tabs.${x}`)}
                      {count ? (
                        <span
                          role="img"
                          aria-label={t("connections.form.tabErrors", { count })}
                          className={css({
                            ml: "1.5",
                            minW: "4",
                            h: "4",
                            px: "1",
                            borderRadius: "full",
                            bg: "status.danger",
                            color: "status.dangerFg",
                            fontSize: "2xs",
                            lineHeight: "1rem",
                            textAlign: "center",
                          })}
                        >
                          {count}
                        </span>
                      ) : null}
                    </Tabs.Trigger>
                  );
                })}
                <Tabs.Indicator />
              </Tabs.List>
              <Tabs.Content value="general">
                <GeneralTab api={api} channel={channel} configFields={configFields} connectionId={connectionId} queues={queueOptions} />
              </Tabs.Content>
              <Tabs.Content value="integrations">
                <IntegrationsTab
                  api={api}
                  token={token}
                  onRegenerate={isEdit ? () => setConfirm("regenerate") : undefined}
                  regenerating={save.isPending && !saving}
                  pickers={pickers}
                />
              </Tabs.Content>
              <Tabs.Content value="messages">
                <MessagesTab
                  api={api}
                  media={media}
                  onMedia={setMedia}
                  currentMedia={
                    existing.data?.greetingMediaAttachment ? { name: existing.data.greetingMediaAttachment, url: existing.data.greetingMediaUrl } : null
                  }
                />
              </Tabs.Content>
              <Tabs.Content value="chatbot">
                <ChatbotTab api={api} queues={queueOptions} />
              </Tabs.Content>
              <Tabs.Content value="assessments">
                <AssessmentsTab api={api} ratingsEnabled={userRating.data === "enabled"} />
              </Tabs.Content>
              {tabs.includes("schedules") ? (
                <Tabs.Content value="schedules">
                  <SchedulesTab api={api} />
                </Tabs.Content>
              ) : null}
            </Tabs.Root>
            <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
              <Button variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={saving} data-testid="connection-save">
                {isEdit ? t("common.save") : t("connections.form.create")}
              </Button>
            </div>
          </form>
        )}
      </Dialog.Frame>
      <ConfirmationDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm === "regenerate" ? t("connections.confirm.regenerate.title") : t("connections.confirm.sessionReset.title")}
        confirmLabel={confirm === "regenerate" ? t("connections.confirm.regenerate.action") : t("connections.confirm.sessionReset.action")}
        danger
        onConfirm={() => (confirm === "regenerate" ? regenerate() : persist())}
      >
        {confirm === "regenerate" ? t("connections.confirm.regenerate.text") : t("connections.confirm.sessionReset.text")}
      </ConfirmationDialog>
    </Dialog.Root>
  );
}
