/** One point each for length ≥ 8, an uppercase letter, a lowercase letter, a digit, a symbol (0 to 5). */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

/** Weak up to 2, medium 3 to 4, strong 5. */
export function strengthLevel(score: number): "weak" | "medium" | "strong" {
  return score <= 2 ? "weak" : score <= 4 ? "medium" : "strong";
}

/** A score of 2 or less opens the 'insecure password' dialog before logging in. */
export const INSECURE_MAX_SCORE = 2;

/** The reset form's rule (8+ characters, an uppercase letter, a lowercase letter, a digit). */
export const isStrongResetPassword = (v: string) => v.length >= 8 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v);
