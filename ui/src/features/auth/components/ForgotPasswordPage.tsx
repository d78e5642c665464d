import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { api, ApiError } from "../../../api/client";
import { errorMessage } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/toast";
import { useAllowSignup } from "../../branding/queries";
import { isStrongResetPassword } from "../password-strength";
import { email as emailRule, type Rule, useFieldErrors, validate } from "../validation";
import { AuthLayout } from "./AuthLayout";

type Field = "email" | "code" | "password" | "confirm";

/** Step 1 asks for the email; step 2 the emailed code, the new password and its confirmation. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowSignup = useAllowSignup();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const rules: Record<Field, Rule> = {
    email: emailRule,
    code: (v) => (v.trim() ? null : "reset.fieldRequired"),
    password: (v) => (!v ? "reset.fieldRequired" : isStrongResetPassword(v) ? null : "reset.passwordRule"),
    confirm: (v) => (!v ? "reset.fieldRequired" : v !== password ? "reset.passwordsDiffer" : null),
  };
  const { errors, setErrors, recheck } = useFieldErrors<Field>(rules);
  const err = (k: Field) => (errors[k] ? t(errors[k]!) : null);

  const send = useMutation({
    mutationFn: () => api.post(`/api/forgetpassword/${encodeURIComponent(email.trim().toLowerCase())}`),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("reset.emailSent"));
      setStep(2);
    },
    onError: (err) => toast.error(err instanceof ApiError && err.status === 404 ? t("reset.emailNotFound") : errorMessage(err)),
  });

  const reset = useMutation({
    mutationFn: () => api.post("/api/resetpasswords", { email: email.trim().toLowerCase(), token: code.trim(), password }),
    onSuccess: () => {
      toast.success(t("reset.done"));
      void navigate({ to: "/login" });
    },
  });

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    const next = validate({ email }, { email: rules.email });
    setErrors(next);
    if (!next.email) send.mutate();
  };

  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    const next = validate({ code, password, confirm }, { code: rules.code, password: rules.password, confirm: rules.confirm });
    setErrors(next);
    if (!next.code && !next.password && !next.confirm) reset.mutate();
  };

  return (
    <AuthLayout title={t("reset.title")}>
      {step === 1 ? (
        <form onSubmit={submitEmail} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="forgot-form">
          <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("reset.step1Text")}</p>
          <FormField label={t("auth.email")} error={err("email")} required>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value.toLowerCase());
                recheck("email", e.target.value);
              }}
            />
          </FormField>
          <Button type="submit" full loading={send.isPending} data-testid="forgot-send">
            {t("reset.sendCode")}
          </Button>
        </form>
      ) : (
        <form onSubmit={submitReset} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="reset-form">
          <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("reset.step2Text", { email })}</p>
          <FormField label={t("reset.code")} error={err("code")} required>
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => {
                const digits = e.target.value.replace(/\D/g, "");
                setCode(digits);
                recheck("code", digits);
              }}
            />
          </FormField>
          <FormField label={t("reset.newPassword")} error={err("password")} required>
            <PasswordInput
              name="newPassword"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                recheck("password", e.target.value);
              }}
            />
          </FormField>
          <FormField label={t("reset.confirmPassword")} error={err("confirm")} required>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => {
                setConfirm(e.target.value);
                recheck("confirm", e.target.value);
              }}
            />
          </FormField>
          <Button type="submit" full loading={reset.isPending} data-testid="reset-submit">
            {t("reset.submit")}
          </Button>
          <Button variant="link" onClick={() => send.mutate()} disabled={send.isPending}>
            {t("reset.resend")}
          </Button>
        </form>
      )}
      <div className={css({ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: "2", fontSize: "sm" })}>
        <Link to="/login">{t("reset.backToLogin")}</Link>
        {allowSignup ? <Link to="/signup">{t("auth.login.signup")}</Link> : null}
      </div>
    </AuthLayout>
  );
}
