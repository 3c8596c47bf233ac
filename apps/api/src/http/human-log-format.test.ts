import { describe, expect, it } from "vitest";
import { formatHumanLogLine } from "./human-log-format.ts";

const time = new Date(2026, 0, 2, 9, 5, 7).getTime();

describe("formatHumanLogLine", () => {
  it("writes a request as one line: method, URL, status and time", () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: "h",
      reqId: "r1",
      req: { method: "GET", url: "/api/v1/designs?page=2", remoteAddress: "127.0.0.1" },
      res: { statusCode: 200 },
      responseTime: 8.4,
      msg: "request completed",
    });
    expect(formatHumanLogLine(line, { color: false })).toBe("09:05:07 GET /api/v1/designs?page=2 200 8 ms\n");
  });

  it("labels warnings and errors, adds the extra fields and indents the stack", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      reqId: "r2",
      signal: "SIGTERM",
      err: {
        type: "Error",
        message: "boom",
        stack: "Error: boom\n    at x",
        cause: { type: "DatabaseError", message: "down" },
      },
      msg: "unhandled error",
    });
    expect(formatHumanLogLine(line, { color: false })).toBe(
      "09:05:07 ERROR unhandled error signal=SIGTERM request=r2\n    Error: boom\n        at x\n    caused by DatabaseError: down\n",
    );
  });

  it("passes lines that are not JSON through", () => {
    expect(formatHumanLogLine("plain text", { color: false })).toBe("plain text\n");
  });
});
