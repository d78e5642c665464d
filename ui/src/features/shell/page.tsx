import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { LockIcon } from "../../components/ui/icons";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { useCompanyPlan, useSessionUser } from "../auth/hooks";
import { canUser, type PermissionKey, type PlanFlag } from "../auth/permissions";
import { homePath } from "./home";

/** Delay before the plan/permission redirect. */
export const GATE_REDIRECT_MS = 1000;

export interface Gate {
  /** Role rule from the permission table; failing shows the no-access view (or redirects with `permRedirectTo`). */
  perm?: PermissionKey;
  /** Failing the role rule: replace the location with this path, no toast (/allConnections -> /tickets). */
  permRedirectTo?: string;
  /** Plan flag: failing it shows the toast 'This company has no permission…' and goes to the start page after 1 s. */
  plan?: PlanFlag;
}

export function PageSpinner() {
  return (
    <div className={css({ display: "flex", justifyContent: "center", alignItems: "center", py: "16", flex: "1" })}>
      <Spinner size="lg" />
    </div>
  );
}

function Message({ icon, title, text, testId, children }: { icon: ReactNode; title: string; text: string; testId: string; children?: ReactNode }) {
  return (
    <section
      data-testid={testId}
      className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "16", px: "4", color: "fg.default" })}
    >
      <span className={css({ color: "fg.muted", "& svg": { w: "12", h: "12" } })}>{icon}</span>
      <h1 className={css({ fontSize: "xl", fontWeight: "semibold" })}>{title}</h1>
      <p className={css({ color: "fg.muted", maxW: "md" })}>{text}</p>
      {children}
    </section>
  );
}

/** The 403 screen: 'Oops! Acesso Negado!' and a 'Voltar' link to /tickets. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Message testId="no-access" icon={<LockIcon />} title={t("gate.accessDenied")} text={t("gate.noAccessText")}>
      <Link to="/tickets" className={button({ variant: "outline", size: "sm" })} data-testid="no-access-back">
        {t("gate.back")}
      </Link>
    </Message>
  );
}

function RedirectWithToast() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = homePath(useSessionUser());
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(t("errors.noCompanyPermission"));
    const id = setTimeout(() => navigate({ to: home }), GATE_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [navigate, t, home]);
  return null;
}

function ReplaceWith({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate({ to, replace: true });
  }, [navigate, to]);
  return null;
}

/** A page's gates: the role or permission it needs and the plan flag that must be on. */
export function Gated({ gate, children }: { gate?: Gate; children: ReactNode }) {
  const user = useSessionUser();
  const plan = useCompanyPlan();
  if (!gate) return <>{children}</>;
  if (gate.perm && !canUser(user, gate.perm)) {
    if (gate.permRedirectTo) return <ReplaceWith to={gate.permRedirectTo} />;
    return <NoAccess />;
  }
  if (gate.plan) {
    if (plan.isPending) return <PageSpinner />;
    if (!plan.data?.[gate.plan]) return <RedirectWithToast />;
  }
  return <>{children}</>;
}

/** A route component: a lazily loaded page (its own chunk) behind its gate. */
export function page(load: () => Promise<{ default: ComponentType }>, gate?: Gate) {
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: page runs once per route when the route table is built at module load, never during a render, so each route keeps one stable component.
  return function Page() {
    return (
      <Gated gate={gate}>
        <Suspense fallback={<PageSpinner />}>
          <Lazy />
        </Suspense>
      </Gated>
    );
  };
}
