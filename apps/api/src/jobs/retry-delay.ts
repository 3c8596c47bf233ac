/** Seconds to wait before attempt `attempts + 1`: exponential from the base, capped. */
export function retryDelaySeconds(options: { attempts: number; baseSeconds: number; maxSeconds: number }): number {
  const { attempts, baseSeconds, maxSeconds } = options;
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, attempts - 1));
}
