/** Pino's numeric levels; info needs no label in a terminal. */
const LEVEL_LABELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** Fields shown by the line's layout itself, or noise in a terminal. */
const LAYOUT_FIELDS = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "msg",
  "reqId",
  "req",
  "res",
  "responseTime",
  "err",
]);

const ANSI = {
  dim: "\x1b[2m",
  red: "\x1b[31m",
  green: "\x1b[32m",
  yellow: "\x1b[33m",
  cyan: "\x1b[36m",
  reset: "\x1b[0m",
};

type Paint = (color: keyof typeof ANSI, text: string) => string;

type SerializedError = { type?: string; message?: string; stack?: string; cause?: SerializedError };

type LogRecord = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: SerializedError;
  [field: string]: unknown;
};

function formatTime(time: number | undefined): string {
  const date = time ? new Date(time) : new Date();
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, "0")).join(":");
}

function statusColor(status: number): keyof typeof ANSI {
  if (status >= 500) return "red";
  if (status >= 400) return "yellow";
  if (status >= 300) return "cyan";
  return "green";
}

function formatValue(value: unknown): string {
  if (typeof value === "string") return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

/**
 * One pino JSON line as a terminal line: `12:04:31 GET /api/v1/designs 200 8 ms` for a request, and
 * `12:04:31 WARN message key=value` otherwise, with an error's stack indented below. Anything that is not
 * a JSON object is returned as it is.
 */
export function formatHumanLogLine(line: string, options: { color: boolean }): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  if (typeof record !== "object" || record === null) return `${line}\n`;
  const paint: Paint = (color, text) => (options.color ? `${ANSI[color]}${text}${ANSI.reset}` : text);
  const parts = [paint("dim", formatTime(record.time))];
  const level = record.level ?? 30;
  const label = LEVEL_LABELS[level] ?? String(level);
  if (label) parts.push(paint(level >= 50 ? "red" : level >= 40 ? "yellow" : "dim", label));

  if (record.req && record.res) {
    const status = record.res.statusCode ?? 0;
    parts.push(`${record.req.method ?? "?"} ${record.req.url ?? "?"}`, paint(statusColor(status), String(status)));
    if (typeof record.responseTime === "number") parts.push(paint("dim", `${Math.round(record.responseTime)} ms`));
  } else if (record.msg) {
    parts.push(record.msg);
    if (record.req?.method) parts.push(paint("dim", `(${record.req.method} ${record.req.url ?? ""})`));
  }
  for (const [field, value] of Object.entries(record)) {
    if (LAYOUT_FIELDS.has(field) || value === undefined) continue;
    parts.push(paint("dim", `${field}=${formatValue(value)}`));
  }
  if (level >= 50 && record.reqId) parts.push(paint("dim", `request=${record.reqId}`));
  let text = parts.join(" ");
  if (record.err) {
    let detail = record.err.stack ?? `${record.err.type ?? "Error"}: ${record.err.message ?? ""}`;
    for (let cause = record.err.cause; cause && typeof cause === "object"; cause = cause.cause) {
      detail += `\ncaused by ${cause.type ?? "Error"}: ${cause.message ?? ""}`;
    }
    text += `\n${paint(level >= 50 ? "red" : "dim", indent(detail))}`;
  }
  return `${text}\n`;
}

/** A pino destination that writes each line to `output` as formatHumanLogLine lays it out. */
export function createHumanLogStream(options: { output: NodeJS.WritableStream; color: boolean }) {
  return {
    write(line: string) {
      options.output.write(formatHumanLogLine(line, { color: options.color }));
    },
  };
}
