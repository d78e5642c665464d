import type { ReactNode } from "react";
import { css, cx } from "../../../../styled-system/css";
import { readableOn } from "../../branding/Branding";

const chip = css.raw({
  display: "inline-flex",
  alignItems: "center",
  gap: "1",
  maxW: "40",
  borderRadius: "full",
  fontSize: "2xs",
  fontWeight: "semibold",
  lineHeight: "1",
  px: "2",
  py: "1",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

/** The larger chip of a page that lists the labels themselves (the tags page). */
const large = css.raw({ display: "inline-block", fontSize: "xs", lineHeight: "1.25", px: "2.5", py: "1", maxW: "full", verticalAlign: "middle" });

/** A queue, user or tag label in its own colour, its text black or white, whichever reads better. */
export function ColorChip({
  color,
  children,
  className,
  size = "sm",
  ...rest
}: { color?: string | null; children: ReactNode; className?: string; size?: "sm" | "lg" } & Record<`data-${string}`, string>) {
  const bg = color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : undefined;
  return (
    <span
      className={cx(css(chip, size === "lg" && large), !bg && css({ bg: "bg.muted", color: "fg.default" }), className)}
      style={bg ? { background: bg, color: readableOn(bg) } : undefined}
      {...rest}
    >
      {children}
    </span>
  );
}
