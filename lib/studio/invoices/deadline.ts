import "server-only";
const DAY_SECONDS = 86_400;

/**
 * When the payment window closes if the merchant did not set `payment_deadline`: the issue date
 * plus the payment terms, but never less than 24 hours after approval, so that approving an
 * invoice issued long ago does not open a window that is already shut.
 */
export function defaultPaymentDeadline(input: { issueDate: Date; paymentTerms: number; approvedAt: Date }): number {
  const approvedAt = Math.floor(input.approvedAt.getTime() / 1000);
  const minimum = approvedAt + DAY_SECONDS;
  if (input.paymentTerms === 0) return minimum;
  const dueBy = Math.floor(input.issueDate.getTime() / 1000) + input.paymentTerms * DAY_SECONDS;
  return Math.max(dueBy, minimum);
}
