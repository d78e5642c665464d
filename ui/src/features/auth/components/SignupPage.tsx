import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { api, ApiError } from "../../../api/client";
import { keys } from "../../../api/keys";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { SelectField } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { publicSettingQuery } from "../../branding/queries";
import { email as emailRule, length, required, serverFieldErrors, useFieldErrors, validate } from "../validation";
import { AuthLayout } from "./AuthLayout";
import { StrengthMeter } from "./StrengthMeter";

interface PublicPlan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number | string;
}

type Values = { name: string; companyName: string; email: string; password: string; phone: string; planId: string };

/** Name 2-50, company name 2-50, email valid, password 5-50, phone required, plan required. */
const RULES = {
  name: length(2, 50),
  companyName: length(2, 50),
  email: emailRule,
  password: length(5, 50),
  phone: required,
  planId: required,
};

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ from: "/_public/signup" });
  // Whether signup is open is read first: with it closed the page says so instead of offering a form it would refuse.
  const allowSignup = useQuery(publicSettingQuery("allowSignup"));
  const open = allowSignup.data === "enabled";
  const plans = useQuery({ queryKey: keys.publicPlans, queryFn: () => api.get<PublicPlan[]>("/api/plans/list"), enabled: open });
  const [values, setValues] = useState<Values>({ name: "", companyName: "", email: "", password: "", phone: "", planId: "" });
  const { errors, setErrors, recheck } = useFieldErrors<keyof Values>(RULES);
  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    recheck(k, v);
  };

  const money = useMemo(() => new Intl.NumberFormat(i18n.language === "en" ? "en-US" : "pt-BR", { style: "currency", currency: "BRL" }), [i18n.language]);
  const planOptions = (plans.data ?? []).map((p) => ({
    value: String(p.id),
    label: t("signup.planOption", { name: p.name, users: p.users, connections: p.connections, queues: p.queues, price: money.format(Number(p.amount) || 0) }),
  }));

  const mutation = useMutation({
    mutationFn: () =>
      api.post("/api/auth/signup", {
        name: values.name.trim(),
        companyName: values.companyName.trim(),
        email: values.email.trim().toLowerCase(),
        password: values.password,
        phone: values.phone.trim(),
        planId: Number(values.planId),
        ...(search.companyId ? { companyId: search.companyId } : {}),
      }),
    onSuccess: () => {
      toast.success(t("signup.success"));
      void navigate({ to: "/login" });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === "ERR_VALIDATION") setErrors(serverFieldErrors(err.fields));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = validate(values, RULES);
    setErrors(next);
    if (Object.keys(next).length === 0) mutation.mutate();
  };
  const err = (k: keyof Values) => (errors[k] ? t(errors[k]!) : null);

  if (allowSignup.isPending) {
    return (
      <AuthLayout title={t("signup.title")}>
        <div className={css({ display: "flex", justifyContent: "center", py: "6" })}>
          <Spinner size="lg" />
        </div>
      </AuthLayout>
    );
  }
  if (!open) {
    return (
      <AuthLayout title={t("signup.title")}>
        <div role="status" data-testid="signup-disabled" className={css({ display: "flex", flexDirection: "column", gap: "4", textAlign: "center" })}>
          <p className={css({ fontWeight: "semibold" })}>{t("signup.disabledTitle")}</p>
          <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("signup.disabledText")}</p>
          <p className={css({ fontSize: "sm" })}>
            <Link to="/login">{t("signup.haveAccount")}</Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("signup.title")}>
      <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="signup-form">
        <FormField label={t("signup.name")} error={err("name")} required>
          <Input name="name" autoComplete="name" value={values.name} onChange={(e) => set("name")(e.target.value)} />
        </FormField>
        <FormField label={t("signup.companyName")} error={err("companyName")} required>
          <Input name="companyName" autoComplete="organization" value={values.companyName} onChange={(e) => set("companyName")(e.target.value)} />
        </FormField>
        <FormField label={t("auth.email")} error={err("email")} required>
          <Input name="email" type="email" autoComplete="email" value={values.email} onChange={(e) => set("email")(e.target.value.toLowerCase())} />
        </FormField>
        <FormField label={t("auth.password")} error={err("password")} required>
          <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={(e) => set("password")(e.target.value)} />
        </FormField>
        <StrengthMeter password={values.password} />
        <FormField label={t("signup.phone")} error={err("phone")} required>
          <Input name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set("phone")(e.target.value)} />
        </FormField>
        <FormField error={err("planId")} required>
          <SelectField
            label={t("signup.plan")}
            name="planId"
            options={planOptions}
            value={values.planId}
            onChange={set("planId")}
            placeholder={t("signup.planPlaceholder")}
            invalid={!!errors.planId}
          />
        </FormField>
        <Button type="submit" full loading={mutation.isPending} data-testid="signup-submit">
          {t("signup.submit")}
        </Button>
        <p className={css({ fontSize: "sm", textAlign: "center" })}>
          <Link to="/login">{t("signup.haveAccount")}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
