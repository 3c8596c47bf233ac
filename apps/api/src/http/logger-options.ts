import { type DestinationStream, type LoggerOptions, pino } from "pino";
import type { Config } from "../config.ts";
import { createHumanLogStream } from "./human-log-format.ts";
import { logSerializers } from "./log-serializers.ts";

export type LogFormat = "json" | "pretty";

type LoggerConfig = Pick<Config, "LOG_LEVEL" | "LOG_FORMAT">;

/** LOG_FORMAT when set; otherwise readable lines in a terminal and JSON everywhere else (files, pipes, collectors). */
export function resolveLogFormat(config: LoggerConfig, output: { isTTY?: boolean } = process.stdout): LogFormat {
  return config.LOG_FORMAT ?? (output.isTTY ? "pretty" : "json");
}

/**
 * The one logger configuration (the app's and the start-up's): redacting serializers, and the output.
 * `stream` replaces stdout and always receives JSON (tests capture the log with it).
 */
export function createLoggerOptions(options: {
  config: LoggerConfig;
  stream?: DestinationStream;
}): LoggerOptions & { stream?: DestinationStream } {
  const { config } = options;
  const stream =
    options.stream ??
    (resolveLogFormat(config) === "pretty"
      ? createHumanLogStream({ output: process.stdout, color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR })
      : jsonDestination());
  return {
    level: config.LOG_LEVEL,
    serializers: logSerializers,
    // The serializers never copy headers or bodies; these paths guard anything logged by hand.
    redact: ["req.headers.authorization", "req.headers.cookie", "req.body.password"],
    ...(stream ? { stream } : {}),
  };
}

/**
 * JSON lines to stdout, written asynchronously: a synchronous write per access-log line cost more than a tenth of
 * the server's CPU on the cart's hottest requests. Lines that arrive while a write is under way go out together
 * in the next one; pino flushes what is left when the process exits.
 */
let stdoutDestination: DestinationStream | undefined;
function jsonDestination(): DestinationStream {
  stdoutDestination ??= pino.destination({ dest: 1, sync: false });
  return stdoutDestination;
}

/** A logger outside the app (start-up before the app exists), configured as the app's. */
export function createLogger(options: { config: LoggerConfig; stream?: DestinationStream }) {
  const { stream, ...loggerOptions } = createLoggerOptions(options);
  return stream ? pino(loggerOptions, stream) : pino(loggerOptions);
}
