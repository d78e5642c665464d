import { Field as ArkField } from "@ark-ui/react/field";
import type { ReactNode } from "react";
import { field } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(field);

export const Root = withProvider(ArkField.Root, "root");
export const Label = withContext(ArkField.Label, "label");
export const HelperText = withContext(ArkField.HelperText, "helperText");
export const ErrorText = withContext(ArkField.ErrorText, "errorText");
export const RequiredIndicator = withContext(ArkField.RequiredIndicator, "requiredIndicator");

/** Label + control + error text in one (pass translated texts): FormField wraps one Input, Select or Textarea. */
export function FormField(props: {
  label?: ReactNode;
  error?: string | null;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Root invalid={!!props.error} required={props.required} disabled={props.disabled} className={props.className}>
      {props.label ? (
        <Label>
          {props.label}
          {props.required ? <RequiredIndicator>*</RequiredIndicator> : null}
        </Label>
      ) : null}
      {props.children}
      {props.helper && !props.error ? <HelperText>{props.helper}</HelperText> : null}
      <ErrorText>{props.error}</ErrorText>
    </Root>
  );
}
