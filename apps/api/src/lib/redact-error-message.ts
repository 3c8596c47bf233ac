/** What replaces a secret in logs and stored error messages. */
export const REDACTED = "[redacted]";

/**
 * An error message without the `params: ...` part Drizzle appends to a failed query's message (values may span
 * lines): the parameters can be e-mail addresses, password hashes or tokens, so neither the log nor a stored
 * job error may keep them.
 */
export function redactErrorMessage(message: string): string {
  return message.replace(/(^|\n)params: [\s\S]*$/, `$1params: ${REDACTED}`);
}
