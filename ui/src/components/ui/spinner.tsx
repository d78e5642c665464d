import { cx } from "../../../styled-system/css";
import { spinner, type SpinnerVariantProps } from "../../../styled-system/recipes";

export function Spinner({ className, ...variants }: SpinnerVariantProps & { className?: string }) {
  return <span role="progressbar" aria-busy="true" className={cx(spinner(variants), className)} />;
}
