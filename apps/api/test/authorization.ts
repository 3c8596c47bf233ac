import { AppError } from "../src/lib/app-error.ts";

/** The HTTP status of the AppError that `run` throws (an authorisation decision), or undefined when it passes. */
export function deniedStatus(run: () => unknown): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}
