import type { ReactNode } from "react";
import { css, cx } from "../../../../styled-system/css";
import { readableOn } from "../../branding/Branding";

const chip = css({
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

/** A queue, user or tag label in its own colour, its text black or white, whichever reads better. */
export function ColorChip({
  color,
  children,
  className,
  ...rest
}: { color?: string | null; children: ReactNode; className?: string } & Record<`data-${string}`, string>) {
  const bg = color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : undefined;
  return (
    <span
      className={cx(chip, !bg && css({ bg: "bg.muted", color: "fg.default" }), className)}
      style={bg ? { background: bg, color: readableOn(bg) } : undefined}
      {...rest}
    >
      {children}
    </span>
  );
}
