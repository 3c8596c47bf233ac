/** The unique index a PostgreSQL unique violation (23505) hit, looking through Drizzle's error wrapping. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === "23505") {
      return candidate.constraint ?? /"([^"]+)"/.exec(candidate.message ?? "")?.[1] ?? "unknown";
    }
  }
  return undefined;
}
