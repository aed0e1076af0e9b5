import "server-only";
// Where a payer pays: the hosted payment page's absolute URL (kg_deep_link). PUBLIC_URL names the
// origin payers reach this server at; without it, the local server's own address.
import { env, listeningPort } from "@/lib/env";

export function publicOrigin(): string {
  return (env.PUBLIC_URL ?? `http://localhost:${listeningPort()}`).replace(/\/+$/, "");
}

export function payPageUrl(payToken: string): string {
  return `${publicOrigin()}/pay/${payToken}`;
}

/** The shape of a pay token (newPayToken: 24 random bytes, base64url): anything else is not looked up. */
export const PAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
