import type { TTestServer } from "./test-server.ts";

export type TReceivedEvent = { event: string; data: string };

export type TEventStream = {
  status: number;
  events: TReceivedEvent[];
  /** Comment lines seen (heartbeats). */
  comments: string[];
  /** Resolves with the first event of this type arriving after `from` events were seen (default: any so far). */
  next(type: string, options?: { timeoutMs?: number; from?: number }): Promise<TReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens GET /api/events with fetch and parses the Server-Sent Events as they arrive, like a browser would. */
export async function openEventStream(
  server: Pick<TTestServer, "fetch">,
  cookie?: string,
): Promise<TEventStream> {
  const controller = new AbortController();
  const res = await server.fetch("/api/events", {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const events: TReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = "message";
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) comments.push(line.slice(1).trim());
              else if (line.startsWith("event: ")) event = line.slice(7);
              else if (line.startsWith("data: ")) data.push(line.slice(6));
            }
            if (data.length > 0) events.push({ event, data: data.join("\n") });
            cut = buffer.indexOf("\n\n");
          }
          wake();
        }
      } catch {
        // aborted by close()
      }
      endedResolve();
    })();
  } else {
    endedResolve();
  }
  return {
    status: res.status,
    events,
    comments,
    ended,
    next(type, options = {}) {
      const from = options.from ?? 0;
      const timeoutMs = options.timeoutMs ?? 5000;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find((e) => e.event === type);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no '${type}' event within ${timeoutMs} ms (got ${events.map((e) => e.event).join(", ")})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}
