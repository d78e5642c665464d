import type { HTMLAttributes } from "react";
import { cx } from "../../../styled-system/css";
import { badge, type BadgeVariantProps } from "../../../styled-system/recipes";

export function Badge({ className, tone, ...props }: HTMLAttributes<HTMLSpanElement> & BadgeVariantProps) {
  return <span className={cx(badge({ tone }), className)} {...props} />;
}
