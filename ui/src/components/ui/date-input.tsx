import { forwardRef, type InputHTMLAttributes } from "react";
import { Input } from "./input";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size">;

/** Native time input (HH:MM); work hours use a 600 s step. */
export const TimeInput = forwardRef<HTMLInputElement, Props>(function TimeInput(props, ref) {
  return <Input ref={ref} type="time" step={600} {...props} />;
});

/** Native date input (YYYY-MM-DD). */
export const DateInput = forwardRef<HTMLInputElement, Props>(function DateInput(props, ref) {
  return <Input ref={ref} type="date" {...props} />;
});

/** Native date and time input (YYYY-MM-DDTHH:MM). */
export const DateTimeInput = forwardRef<HTMLInputElement, Props>(function DateTimeInput(props, ref) {
  return <Input ref={ref} type="datetime-local" {...props} />;
});
