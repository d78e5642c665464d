import { Field as ArkField } from "@ark-ui/react/field";
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";

/** Text input; inside a Field.Root it picks up the field's id, invalid and disabled state (Ark Field). */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { size?: "sm" | "md" } & Record<`data-${string}`, unknown>>(
  function Input({ className, size, ...props }, ref) {
    return <ArkField.Input ref={ref} className={cx(input({ size }), className)} {...(props as object)} />;
  },
);

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <ArkField.Textarea ref={ref} className={cx(input({ multiline: true }), className)} {...props} />;
});
