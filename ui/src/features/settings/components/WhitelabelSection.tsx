import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { errorMessage } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { ColorField } from "../../../components/ui/color-picker";
import { FormField } from "../../../components/ui/field";
import { TrashIcon, UploadIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { useSessionUser } from "../../auth/hooks";
import { BRANDING_DEFAULTS, useFeature } from "../../branding/queries";
import { LOGO_ACCEPT, LOGO_SLOTS, type LogoSlot, MAX_LOGO_BYTES, useSaveBranding, useUploadLogo } from "../whitelabel";

/** A colour is saved this long after the last change, so dragging across the picker sends one request. */
const COLOUR_SAVE_DELAY_MS = 600;

const section = css({
  bg: "bg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "lg",
  px: { base: "3", sm: "5" },
  py: "4",
  maxW: "4xl",
  w: "full",
  display: "flex",
  flexDirection: "column",
  gap: "5",
});
const grid = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }, gap: "4" });
const logoGrid = css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "repeat(3, minmax(0, 1fr))" }, gap: "4" });
const help = css({ color: "fg.muted", fontSize: "sm" });

/** The super user's whitelabel settings: platform-wide, applied at once in every open tab and on the login page. */
export function WhitelabelSection({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const available = useFeature("whitelabel");
  if (!user?.super || !available) return null;
  return (
    <section data-testid="settings-group-whitelabel" className={section}>
      <div>
        <h2 className={css({ fontSize: "lg", fontWeight: "semibold" })}>{t("settings.whitelabel.title")}</h2>
        <p className={help}>{t("settings.whitelabel.intro")}</p>
      </div>
      <div className={grid}>
        <ColourSetting settingKey="primaryColorLight" saved={values.primaryColorLight ?? BRANDING_DEFAULTS.primaryColorLight} />
        <ColourSetting settingKey="primaryColorDark" saved={values.primaryColorDark ?? BRANDING_DEFAULTS.primaryColorDark} />
      </div>
      <AppNameSetting saved={values.appName ?? ""} />
      <div className={logoGrid}>
        {LOGO_SLOTS.map((slot) => (
          <LogoSetting key={slot.key} slot={slot} saved={values[slot.key] ?? ""} />
        ))}
      </div>
    </section>
  );
}

function ColourSetting({ settingKey, saved }: { settingKey: "primaryColorLight" | "primaryColorDark"; saved: string }) {
  const { t } = useTranslation();
  const save = useSaveBranding();
  const [draft, setDraft] = useState<string | null>(null);

  useEffect(() => {
    if (draft === null || draft.toLowerCase() === saved.toLowerCase()) return;
    const timer = setTimeout(() => {
      save.mutate(
        { key: settingKey, value: draft },
        { onSuccess: () => toast.success(t("settings.saved")), onError: (err) => toast.error(errorMessage(err)), onSettled: () => setDraft(null) },
      );
    }, COLOUR_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, saved, settingKey, save.mutate, t]);

  return (
    <div data-setting={settingKey}>
      <ColorField label={t(`settings.whitelabel.${settingKey}`)} value={draft ?? saved} onChange={setDraft} />
    </div>
  );
}

function AppNameSetting({ saved }: { saved: string }) {
  const { t } = useTranslation();
  const save = useSaveBranding();
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(saved), [saved]);

  const commit = () => {
    const value = draft.trim();
    if (value === saved) return;
    save.mutate(
      { key: "appName", value },
      {
        onSuccess: () => {
          setError(null);
          toast.success(t("settings.saved"));
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <FormField label={t("settings.whitelabel.appName")} helper={t("settings.whitelabel.appNameHelp")} error={error}>
      <Input
        name="appName"
        value={draft}
        maxLength={60}
        placeholder={BRANDING_DEFAULTS.appName}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
    </FormField>
  );
}

const previewBox = css({
  h: "24",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  p: "3",
  overflow: "hidden",
});
const favicon = css({ w: "8", h: "8" });
/** Each logo is previewed on the surface of the theme it is for. */
const SURFACE = { light: css({ bg: "#ffffff", color: "#4a5260" }), dark: css({ bg: "#181b21", color: "#b2b8c2" }) } as const;

function LogoSetting({ slot, saved }: { slot: LogoSlot; saved: string }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const clear = useSaveBranding();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const label = t(`settings.whitelabel.${slot.key}`);
  const surface = slot.mode === "dark" ? SURFACE.dark : SURFACE.light;

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) return setError(t("errors.ERR_LOGO_TOO_LARGE"));
    upload.mutate(
      { mode: slot.mode, file },
      {
        onSuccess: () => {
          setError(null);
          toast.success(t("settings.saved"));
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const remove = () =>
    clear.mutate(
      { key: slot.key, value: "" },
      {
        onSuccess: () => {
          setError(null);
          toast.success(t("settings.saved"));
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );

  return (
    <div data-setting={slot.key} className={css({ display: "flex", flexDirection: "column", gap: "2", minW: 0 })}>
      <span className={css({ fontWeight: "medium", fontSize: "sm" })}>{label}</span>
      <div className={cx(previewBox, surface)} data-testid={`logo-preview-${slot.mode}`}>
        {saved ? (
          <img
            src={saved}
            alt={t("settings.whitelabel.preview", { what: label })}
            className={cx(css({ maxH: "full", maxW: "full", objectFit: "contain" }), slot.mode === "favicon" && favicon)}
          />
        ) : (
          <span className={css({ fontSize: "sm", textAlign: "center" })}>
            {t(slot.mode === "favicon" ? "settings.whitelabel.noFavicon" : "settings.whitelabel.noLogo")}
          </span>
        )}
      </div>
      <input ref={input} type="file" accept={LOGO_ACCEPT} hidden data-testid={`logo-input-${slot.mode}`} onChange={(e) => pick(e.target.files?.[0])} />
      <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
        <Button
          variant="outline"
          size="sm"
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          aria-label={`${t("settings.whitelabel.upload")}: ${label}`}
        >
          <UploadIcon size={16} />
          {t("settings.whitelabel.upload")}
        </Button>
        {saved ? (
          <Button variant="ghost" size="sm" loading={clear.isPending} onClick={remove} aria-label={`${t("settings.whitelabel.clear")}: ${label}`}>
            <TrashIcon size={16} />
            {t("settings.whitelabel.clear")}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" data-testid={`logo-error-${slot.mode}`} className={css({ color: "fg.error", fontSize: "sm" })}>
          {error}
        </p>
      ) : (
        <p className={css({ color: "fg.subtle", fontSize: "xs" })}>{t("settings.whitelabel.formats")}</p>
      )}
    </div>
  );
}
