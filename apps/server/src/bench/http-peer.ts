import { fork } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

/** In the peer's own process: answer every request with the last body the bench sent, and acknowledge each one. */
function serve() {
  let body = Buffer.from("{}");
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
      res.end(body);
    });
  });
  process.on("message", (json: string) => {
    body = Buffer.from(json);
    process.send?.("answering");
  });
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

if (process.env.BENCH_HTTP_PEER === "serve") serve();

/**
 * The HTTP limit: a bare node:http server answering every request with one prepared JSON body (the real server's
 * answer for the endpoint being measured), with no routing, validation or database behind it. It runs in its own
 * process, as the real server does, so it does not share a thread with autocannon.
 */
export async function startHttpPeer() {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_HTTP_PEER: "serve" },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`The HTTP peer exited before listening (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? null,
    /** The body every request gets from now on (resolves once the peer has it). */
    answer(json: string) {
      return new Promise<void>((resolve) => {
        child.once("message", () => resolve());
        child.send(json);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
