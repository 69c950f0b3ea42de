import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, { logger });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`Could not start: ${message}`);
    process.exit(1);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Ten seconds for requests to finish, after the drain.
    const force = setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 10) * 1000).unref();
    await running.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // Said only once the handlers are on: a supervisor (or a test) that stops the server as soon as it reads this
  // line must reach the graceful stop, not the signal's default exit.
  logger.info(
    { database: running.deps.database.kind, dataDir: config.dataDir, publicUrl: config.publicUrl },
    `Plugs & Rugs is running on http://localhost:${running.port}`,
  );
}

void main();
