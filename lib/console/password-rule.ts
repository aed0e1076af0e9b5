// The one rule for a password a person chooses (console:add-account, Change password), read by
// the server and by the form. NIST SP 800-63B: length is what counts, no composition rules.
// No framework or zod imports: the change-password page loads it in the browser.

export const MIN_PASSWORD_LENGTH = 8;
// scrypt's cost does not grow with length, but a sign-in body is capped at 8 KiB anyway.
export const MAX_PASSWORD_LENGTH = 1000;

/** What is wrong with `password` as a new password, or undefined when it may be used. */
export function newPasswordProblem(password: string, { email, current }: { email?: string; current?: string } = {}): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  if (password.includes("\u0000")) return "The password must not contain a NUL character";
  if (email !== undefined && password.trim().toLowerCase() === email.trim().toLowerCase()) return "The password must not be your email address";
  if (current !== undefined && password === current) return "The new password must differ from the current one";
  return undefined;
}
