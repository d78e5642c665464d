import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cx } from "../../../styled-system/css";
import { button, type ButtonVariantProps } from "../../../styled-system/recipes";
import { Spinner } from "./spinner";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariantProps & { loading?: boolean };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const [variants, { loading, className, children, disabled, type = "button", ...rest }] = button.splitVariantProps(props);
  return (
    <button ref={ref} type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={cx(button(variants), className)} {...rest}>
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
});

/** A square icon button; `aria-label` is required because it has no text. */
export const IconButton = forwardRef<HTMLButtonElement, ButtonProps & { "aria-label": string }>(function IconButton(props, ref) {
  return <Button ref={ref} variant="ghost" icon {...props} />;
});
