import type { Socket } from "node:net";

/**
 * What Node's HTTP parser refuses before the app sees a request (a URL or headers past 16 KB, a malformed request
 * line) gets an answer in the API's error envelope instead of an empty 4xx: 431 for headers too large, 400 for the
 * rest. Node would otherwise write a bare status line and close the socket.
 */
export function answerClientError(
  err: NodeJS.ErrnoException & { bytesParsed?: number },
  socket: Socket,
): void {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
  const body = JSON.stringify({
    error: tooLarge
      ? { code: "TOO_LARGE", message: "The request's address or headers are too large" }
      : { code: "VALIDATION", message: "The request could not be read" },
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
