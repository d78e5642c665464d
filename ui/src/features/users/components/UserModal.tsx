import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { keys } from "../../../api/keys";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { MultiCombobox } from "../../../components/ui/combobox";
import { TimeInput } from "../../../components/ui/date-input";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { UploadIcon } from "../../../components/ui/icons";
import { Input, Textarea } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { SelectField } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import * as Tabs from "../../../components/ui/tabs";
import { toast } from "../../../components/ui/toast";
import { useSessionUser } from "../../auth/hooks";
import { canUser } from "../../auth/permissions";
import { applyUserPreferences } from "../../auth/session";
import { session, updateSessionUser } from "../../auth/store";
import type { Enabled } from "../../auth/types";
import { email as emailRule, length, serverFieldErrors, useFieldErrors, validate } from "../../auth/validation";
import { useFeature } from "../../branding/queries";
import { connectionsQuery, queuesQuery, uploadProfileImage, userQuery, useSaveUser } from "../queries";
import { formFromUser, USER_DEFAULTS, type UserForm } from "../types";

type ErrorField = keyof UserForm | "profileImage";
type Errors = Partial<Record<ErrorField, string>>;
const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" });
const stack = css({ display: "flex", flexDirection: "column", gap: "4" });

/**
 * The user modal: general and permissions tabs (permissions for admins only), every User
 * field with its default, client validation with the forms' messages, profile image upload, queue and connection pickers.
 * Opened from the users list (create or edit) and from the profile menu (the user's own record).
 */
export function UserModal({ open, onOpenChange, userId }: { open: boolean; onOpenChange: (open: boolean) => void; userId?: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const actor = useSessionUser();
  const isEdit = userId !== undefined;
  const isSelf = isEdit && actor?.id === userId;
  const isAdminActor = canUser(actor, "users:manage");
  const canProfile = canUser(actor, "user-modal:editProfile");
  const canQueues = canUser(actor, "user-modal:editQueues");
  const canUpload = useFeature("media");
  // allowRealTime opens the real-time panel: shown once the server has that panel.
  const hasRealTimePanel = useFeature("realtimePanel");

  const existing = useQuery({ ...userQuery(userId ?? 0), enabled: isEdit && open });
  const queues = useQuery({ ...queuesQuery, enabled: open && canQueues });
  const connections = useQuery({ ...connectionsQuery, enabled: open && canQueues });

  const [form, setForm] = useState<UserForm>(USER_DEFAULTS);
  // Name 2-50 required; password 5-50 (required when creating); email required and valid.
  const rules = { name: length(2, 50), email: emailRule, password: length(5, 50, !isEdit) };
  const { errors, setErrors, recheck } = useFieldErrors<ErrorField>(rules);
  const [tab, setTab] = useState("general");
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const loaded = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveUser();

  useEffect(() => {
    if (existing.data && !loaded.current) {
      loaded.current = true;
      setForm(formFromUser(existing.data));
    }
  }, [existing.data]);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const set = <K extends keyof UserForm>(k: K, v: UserForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    recheck(k, String(v));
  };
  const flag = (k: keyof UserForm) => ({
    checked: form[k] === "enabled",
    onCheckedChange: (v: boolean) => set(k, (v ? "enabled" : "disabled") as Enabled as never),
  });
  const err = (k: keyof Errors) => (errors[k] ? t(errors[k]!) : null);

  const queueOptions = (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name, color: q.color }));
  const connectionOptions = Array.isArray(connections.data)
    ? [{ value: "", label: t("users.form.noConnection") }, ...connections.data.map((c) => ({ value: String(c.id), label: c.name }))]
    : null;

  const body = (): Record<string, unknown> => {
    const own = {
      name: form.name.trim(),
      email: form.email.trim().toLowerCase(),
      defaultTheme: form.defaultTheme,
      defaultMenu: form.defaultMenu,
      ...(form.password ? { password: form.password } : {}),
    };
    // ARCHITECTURE.md, Tenancy: users editing themselves set only name, email, password, theme and menu.
    if (!isAdminActor) return own;
    return {
      ...own,
      profile: form.profile,
      queueIds: form.queueIds.map(Number),
      whatsappId: form.whatsappId ? Number(form.whatsappId) : null,
      startWork: form.startWork,
      endWork: form.endWork,
      farewellMessage: form.farewellMessage,
      allTicket: form.allTicket,
      allowGroup: form.allowGroup,
      allHistoric: form.allHistoric,
      allUserChat: form.allUserChat,
      userClosePendingTicket: form.userClosePendingTicket,
      showDashboard: form.showDashboard,
      allowRealTime: form.allowRealTime,
      allowConnections: form.allowConnections,
    };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = validate(form as unknown as Record<string, string>, rules);
    setErrors(next);
    if (Object.keys(next).length) {
      setTab("general");
      return;
    }
    setSaving(true);
    let savedId = userId;
    try {
      const saved = await save.mutateAsync({ id: userId, body: body() });
      savedId ??= saved?.id;
    } catch (error) {
      // The mutation cache already showed the toast; field messages go under their fields.
      if (error instanceof ApiError && error.code === "ERR_VALIDATION") setErrors(serverFieldErrors(error.fields) as Errors);
      setSaving(false);
      return;
    }
    if (file && savedId) {
      try {
        const r = await uploadProfileImage(savedId, file);
        const image = r?.user?.profileImage ?? r?.profileImage;
        if (isSelf && image !== undefined) updateSessionUser({ profileImage: image });
        void qc.invalidateQueries({ queryKey: keys.users.all });
      } catch (error) {
        toastError(error);
      }
    }
    if (isSelf) {
      updateSessionUser({ name: form.name.trim(), email: form.email.trim().toLowerCase(), defaultTheme: form.defaultTheme, defaultMenu: form.defaultMenu });
      if (session.user) applyUserPreferences(session.user);
    }
    setSaving(false);
    toast.success(t("users.saved"));
    onOpenChange(false);
  };

  const loading = isEdit && existing.isPending;
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} size="lg" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="user-modal">
        <Dialog.Title>{isEdit ? t("users.modal.editTitle") : t("users.modal.addTitle")}</Dialog.Title>
        {loading ? (
          <div className={css({ display: "flex", justifyContent: "center", py: "10" })}>
            <Spinner size="lg" />
          </div>
        ) : (
          <form onSubmit={submit} noValidate className={stack} data-testid="user-form">
            <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)}>
              <Tabs.List>
                <Tabs.Trigger value="general" data-testid="tab-general">
                  {t("users.modal.general")}
                </Tabs.Trigger>
                {isAdminActor ? (
                  <Tabs.Trigger value="permissions" data-testid="tab-permissions">
                    {t("users.modal.permissions")}
                  </Tabs.Trigger>
                ) : null}
                <Tabs.Indicator />
              </Tabs.List>

              <Tabs.Content value="general" className={stack}>
                <div className={css({ display: "flex", alignItems: "center", gap: "4", flexWrap: "wrap" })}>
                  <Avatar name={form.name || "?"} src={preview ?? existing.data?.profileImage} size="lg" />
                  {canUpload && (isEdit || isAdminActor) ? (
                    <>
                      <input
                        ref={fileInput}
                        type="file"
                        accept="image/png,image/jpeg,image/gif,image/webp"
                        hidden
                        data-testid="profile-image-input"
                        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                      />
                      <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                        <UploadIcon size={16} />
                        {t("users.form.uploadImage")}
                      </Button>
                    </>
                  ) : null}
                </div>
                <div className={grid}>
                  <FormField label={t("users.form.name")} error={err("name")} required>
                    <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} autoFocus />
                  </FormField>
                  <FormField label={t("auth.email")} error={err("email")} required>
                    <Input name="email" type="email" value={form.email} onChange={(e) => set("email", e.target.value.toLowerCase())} />
                  </FormField>
                  <FormField label={t("auth.password")} error={err("password")} required={!isEdit} helper={isEdit ? t("users.form.passwordHint") : undefined}>
                    <PasswordInput name="password" autoComplete="new-password" value={form.password} onChange={(e) => set("password", e.target.value)} />
                  </FormField>
                  {canProfile ? (
                    <SelectField
                      label={t("users.form.profile")}
                      name="profile"
                      options={[
                        { value: "admin", label: t("users.profiles.admin") },
                        { value: "user", label: t("users.profiles.user") },
                      ]}
                      value={form.profile}
                      onChange={(v) => set("profile", v as UserForm["profile"])}
                    />
                  ) : null}
                </div>
                {canQueues ? (
                  <MultiCombobox
                    label={t("users.form.queues")}
                    options={queueOptions}
                    value={form.queueIds}
                    onChange={(v) => set("queueIds", v)}
                    placeholder={t("users.form.queuesPlaceholder")}
                    emptyText={t("users.form.noQueues")}
                  />
                ) : null}
                {canQueues && connectionOptions ? (
                  <SelectField
                    label={t("users.form.connection")}
                    name="whatsappId"
                    options={connectionOptions}
                    value={form.whatsappId}
                    onChange={(v) => set("whatsappId", v)}
                    placeholder={t("users.form.noConnection")}
                  />
                ) : null}
                {isAdminActor ? (
                  <div className={grid}>
                    <FormField label={t("users.form.startWork")} error={err("startWork")}>
                      <TimeInput name="startWork" value={form.startWork} onChange={(e) => set("startWork", e.target.value)} />
                    </FormField>
                    <FormField label={t("users.form.endWork")} error={err("endWork")}>
                      <TimeInput name="endWork" value={form.endWork} onChange={(e) => set("endWork", e.target.value)} />
                    </FormField>
                  </div>
                ) : null}
                {isAdminActor ? (
                  <FormField label={t("users.form.farewellMessage")} error={err("farewellMessage")}>
                    <Textarea name="farewellMessage" value={form.farewellMessage} onChange={(e) => set("farewellMessage", e.target.value)} />
                  </FormField>
                ) : null}
                <div className={grid}>
                  <SelectField
                    label={t("users.form.defaultTheme")}
                    name="defaultTheme"
                    options={[
                      { value: "light", label: t("users.form.themeLight") },
                      { value: "dark", label: t("users.form.themeDark") },
                    ]}
                    value={form.defaultTheme}
                    onChange={(v) => set("defaultTheme", v as UserForm["defaultTheme"])}
                  />
                  <SelectField
                    label={t("users.form.defaultMenu")}
                    name="defaultMenu"
                    options={[
                      { value: "open", label: t("users.form.menuOpen") },
                      { value: "closed", label: t("users.form.menuClosed") },
                    ]}
                    value={form.defaultMenu}
                    onChange={(v) => set("defaultMenu", v as UserForm["defaultMenu"])}
                  />
                </div>
              </Tabs.Content>

              {isAdminActor ? (
                <Tabs.Content value="permissions" className={css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" })}>
                  <Switch
                    label={t("users.perms.allTicket")}
                    checked={form.allTicket === "enable"}
                    onCheckedChange={(v) => set("allTicket", v ? "enable" : "disable")}
                    name="allTicket"
                  />
                  <Switch label={t("users.perms.allowGroup")} checked={form.allowGroup} onCheckedChange={(v) => set("allowGroup", v)} name="allowGroup" />
                  <Switch label={t("users.perms.allHistoric")} name="allHistoric" {...flag("allHistoric")} />
                  <Switch label={t("users.perms.allUserChat")} name="allUserChat" {...flag("allUserChat")} />
                  <Switch label={t("users.perms.userClosePendingTicket")} name="userClosePendingTicket" {...flag("userClosePendingTicket")} />
                  <Switch label={t("users.perms.showDashboard")} name="showDashboard" {...flag("showDashboard")} />
                  {hasRealTimePanel ? <Switch label={t("users.perms.allowRealTime")} name="allowRealTime" {...flag("allowRealTime")} /> : null}
                  <Switch label={t("users.perms.allowConnections")} name="allowConnections" {...flag("allowConnections")} />
                </Tabs.Content>
              ) : null}
            </Tabs.Root>
            <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={saving} data-testid="user-save">
                {isEdit ? t("common.save") : t("users.add")}
              </Button>
            </div>
          </form>
        )}
      </Dialog.Frame>
    </Dialog.Root>
  );
}
