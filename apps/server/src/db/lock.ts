import fs from "node:fs";
import path from "node:path";

/**
 * PGlite happily opens one data folder from two processes and corrupts it. A lock file holding our pid refuses a
 * second process; a lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
        throw new Error(
          `Another Plugs & Rugs server (pid ${pid}) is using the data folder ${dir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
