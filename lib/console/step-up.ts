// Step-up before money moves (issue 25): signing, refunding and withdrawing from the console need a
// password proved within the last STEP_UP_MAX_AGE_MS of the session (at sign-in, or again through
// POST /api/auth/step-up). Which actions move money is said once, by `movesFunds` in their
// declarations (lib/workflow/actions). API keys are not sessions: the Studio API never asks.
// Pure data: the browser reads the same code and window.

/** How long a proved password lets the session move money. */
export const STEP_UP_MAX_AGE_MS = 5 * 60 * 1000;

/** The console's error code for "prove your password again" (403): the dialog asks for it in place. */
export const STEP_UP_REQUIRED = 40303;

/** Whether a session whose password was last proved at `checkedAt` must prove it again before moving money. */
export function stepUpRequired(checkedAt: Date | null, now: Date): boolean {
  return checkedAt === null || now.getTime() - checkedAt.getTime() > STEP_UP_MAX_AGE_MS;
}
