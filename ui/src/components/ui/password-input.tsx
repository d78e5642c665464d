import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../styled-system/css";
import { IconButton } from "./button";
import { EyeIcon, EyeOffIcon } from "./icons";
import { Input } from "./input";

/** Password input with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size">>(function PasswordInput(props, ref) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className={css({ position: "relative", width: "full" })}>
      <Input ref={ref} type={visible ? "text" : "password"} className={css({ pr: "10" })} {...props} />
      <IconButton
        aria-label={visible ? t("auth.hidePassword") : t("auth.showPassword")}
        aria-pressed={visible}
        size="sm"
        className={css({ position: "absolute", right: "1", top: "50%", transform: "translateY(-50%)" })}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </IconButton>
    </div>
  );
});
