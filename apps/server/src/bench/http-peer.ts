import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The HTTP limit: a bare node:http server answering every request with one prepared JSON body (the real server's
 * answer for the endpoint being measured), with no routing, validation or database behind it.
 */
export async function startHttpPeer() {
  let body = Buffer.from("{}");
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The body every request gets from now on. */
    answer(json: string) {
      body = Buffer.from(json);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
