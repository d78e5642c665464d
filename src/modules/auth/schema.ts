import { z } from "zod";

export const email = z.string({ error: "Required" }).trim().toLowerCase().min(1, "Required").max(254, "Too Long!").pipe(z.email("Invalid email"));

export const password = z.string({ error: "Required" }).min(5, "Too Short!").max(50, "Too Long!");

/** A new password on reset: 8 to 50 characters with an uppercase letter, a lowercase letter and a digit. */
export const strongPassword = z
  .string({ error: "Campo obrigatório" })
  .max(50, "Too Long!")
  .refine(
    (v) => v.length >= 8 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v),
    "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.",
  );

export const loginBody = z.object({ email, password: z.string({ error: "Required" }).min(1, "Required").max(200) });

export const signupBody = z.object({
  name: z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!"),
  companyName: z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!"),
  email,
  password,
  phone: z.string({ error: "Required" }).trim().min(1, "Required").max(30, "Too Long!"),
  planId: z.coerce.number({ error: "Required" }).int("Required").positive("Required"),
});

export const resetBody = z.object({
  email,
  token: z
    .string({ error: "Required" })
    .trim()
    .regex(/^[0-9]{6}$/, "Invalid code"),
  password: strongPassword,
});

/** The email in the password-reset path, percent-decoded (a malformed escape is kept as written and then refused). */
export const emailParams = z.object({
  email: z
    .string()
    .transform((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .pipe(email),
});
