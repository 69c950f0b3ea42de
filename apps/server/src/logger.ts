import pino from "pino";
import type { TConfig } from "./config.ts";

export type TLogger = pino.Logger;

export function createLogger(level: TConfig["logLevel"]): TLogger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
