import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { ApiError } from "../../../api/client";
import { errorMessage } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { useAllowSignup, useFeature } from "../../branding/queries";
import { INSECURE_MAX_SCORE, passwordScore } from "../password-strength";
import { daysUntilDue, login } from "../session";
import { sessionEndedReason } from "../store";
import type { SessionUser } from "../types";
import { email as emailRule, required, useFieldErrors, validate } from "../validation";
import { AuthLayout } from "./AuthLayout";
import { StrengthMeter } from "./StrengthMeter";

/** Warn when fewer than 5 days of subscription remain (company 1 never expires). */
export const SUBSCRIPTION_WARNING_DAYS = 5;

/** Only same-origin paths are followed after login. */
const safeRedirect = (r: string | undefined) => (r?.startsWith("/") && !r.startsWith("//") && !r.startsWith("/login") ? r : "/tickets");

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ from: "/_public/login" });
  // Links to screens whose server capability is missing (GET /api/version features) stay hidden.
  const signupAllowed = useAllowSignup();
  const signupBuilt = useFeature("signup");
  const allowSignup = signupAllowed && signupBuilt;
  const canReset = useFeature("passwordReset");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const { errors, setErrors, recheck } = useFieldErrors<"email" | "password">({ email: emailRule, password: required });
  const [insecureOpen, setInsecureOpen] = useState(false);
  const [ended] = useState(sessionEndedReason);

  const mutation = useMutation({
    mutationFn: () => login(email, password, remember),
    meta: { silent: true },
    onSuccess: (user: SessionUser) => {
      const days = daysUntilDue(user.company?.dueDate);
      if (user.companyId !== 1 && days >= 0 && days < SUBSCRIPTION_WARNING_DAYS) {
        toast.warning(days === 0 ? t("auth.subscriptionExpiresToday") : t("auth.subscriptionWarning", { days }));
      }
      void navigate({ href: safeRedirect(search.redirect) });
    },
    onError: (err) => {
      toast.error(errorMessage(err));
      if (err instanceof ApiError && err.code === "ERR_SUBSCRIPTION_EXPIRED") {
        const dueDate = typeof err.body.dueDate === "string" ? err.body.dueDate : undefined;
        void navigate({ to: "/financeiro-aberto", search: dueDate ? { dueDate } : {} });
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = validate({ email, password }, { email: emailRule, password: required });
    setErrors(next);
    if (next.email || next.password) return;
    if (passwordScore(password) <= INSECURE_MAX_SCORE) setInsecureOpen(true);
    else mutation.mutate();
  };

  return (
    <AuthLayout title={t("auth.login.title")}>
      <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="login-form">
        {ended ? (
          <p
            role="alert"
            data-testid="session-ended"
            className={css({
              px: "3",
              py: "2",
              borderRadius: "md",
              borderWidth: "1px",
              borderColor: "status.danger",
              color: "status.danger",
              fontSize: "sm",
              textAlign: "center",
            })}
          >
            {t("auth.accessedElsewhere")}
          </p>
        ) : null}
        <FormField label={t("auth.email")} error={errors.email ? t(errors.email) : null} required>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value.toLowerCase());
              recheck("email", e.target.value);
            }}
          />
        </FormField>
        <FormField label={t("auth.password")} error={errors.password ? t(errors.password) : null} required>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              recheck("password", e.target.value);
            }}
          />
        </FormField>
        <StrengthMeter password={password} />
        <Checkbox label={t("auth.login.remember")} checked={remember} onCheckedChange={setRemember} name="remember" />
        <Button type="submit" full loading={mutation.isPending} data-testid="login-submit">
          {t("auth.login.submit")}
        </Button>
        <div className={css({ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: "2", fontSize: "sm" })}>
          {canReset ? <Link to="/forgetpsw">{t("auth.login.forgot")}</Link> : <span />}
          {allowSignup ? (
            <Link to="/signup" data-testid="signup-link">
              {t("auth.login.signup")}
            </Link>
          ) : null}
        </div>
      </form>

      <Dialog.Root open={insecureOpen} onOpenChange={(d) => setInsecureOpen(d.open)} role="alertdialog" size="sm" lazyMount unmountOnExit>
        <Dialog.Frame data-testid="insecure-password-dialog">
          <Dialog.Title>{t("auth.insecure.title")}</Dialog.Title>
          <Dialog.Description>{t("auth.insecure.text")}</Dialog.Description>
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2", flexWrap: "wrap" })}>
            <Button variant="outline" onClick={() => setInsecureOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              onClick={() => {
                setInsecureOpen(false);
                mutation.mutate();
              }}
            >
              {t("auth.insecure.continue")}
            </Button>
          </div>
        </Dialog.Frame>
      </Dialog.Root>
    </AuthLayout>
  );
}
