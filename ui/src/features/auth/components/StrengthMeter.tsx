import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { passwordScore, strengthLevel } from "../password-strength";

const COLORS = { weak: "status.danger", medium: "fg.warning", strong: "status.online" } as const;

/** Five bars and a label: weak (0-2), medium (3-4), strong (5). */
export function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const score = passwordScore(password);
  const level = strengthLevel(score);
  return (
    <div data-testid="strength-meter" data-score={score} className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
      <div className={css({ display: "grid", gridTemplateColumns: "repeat(5, 1fr)", gap: "1" })} aria-hidden>
        {[1, 2, 3, 4, 5].map((i) => (
          <span
            key={i}
            className={css({ h: "1.5", borderRadius: "full", bg: "bg.muted" })}
            style={i <= score ? { background: `var(--colors-${COLORS[level].replace(".", "-")})` } : undefined}
          />
        ))}
      </div>
      <span className={css({ fontSize: "xs", color: "fg.muted" })}>
        {t("auth.strength.label")}: {t(`auth.strength.${level}`)} ({score}/5)
      </span>
    </div>
  );
}
