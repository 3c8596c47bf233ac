import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./retry-delay.ts";

describe("retryDelaySeconds", () => {
  it("doubles the retry delay per attempt up to the cap", () => {
    const delays = [1, 2, 3, 4, 10].map((attempts) =>
      retryDelaySeconds({ attempts, baseSeconds: 30, maxSeconds: 300 }),
    );
    expect(delays).toEqual([30, 60, 120, 240, 300]);
  });
});
