/*
 * Loaded into a journey's server (NODE_OPTIONS=--import) for journeys about time that cannot be waited out, such as
 * a claim window of a day: the server's Date runs ahead by the milliseconds written in E2E_CLOCK_FILE, read again
 * whenever the file changes (0, or no file, is the real time). Only the server's JavaScript clock moves; the
 * database's now() does not. Plain JavaScript, so it loads before tsx.
 */
import fs from "node:fs";

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const Real = globalThis.Date;
  const realNow = Real.now.bind(Real);
  let offset = 0;
  const read = () => {
    try {
      offset = Number(fs.readFileSync(file, "utf8").trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  fs.watchFile(file, { interval: 50 }, read).unref();
  const now = () => realNow() + offset;
  globalThis.Date = new Proxy(Real, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new Real(now()).toString(),
    get: (target, prop, receiver) => (prop === "now" ? now : Reflect.get(target, prop, receiver)),
  });
}
