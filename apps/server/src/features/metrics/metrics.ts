import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import type { TRealtimeHub } from "../realtime/hub.ts";

/*
 * Prometheus metrics at GET /metrics (prom-client), for operators only: off (404) unless METRICS_TOKEN is set, then
 * only with `Authorization: Bearer <token>`. Outside /api on purpose: Prometheus scrapes /metrics by default, and it
 * is no part of the product's API (no origin guard, no session, not in the OpenAPI document), so a load balancer can
 * keep it off the public address with one rule. Each app has its own registry (tests run several in one process).
 */

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Seconds: from a cached read (a few ms) to a large upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The job states worth watching: waiting, retrying, running, and failed (kept 14 days for a retry). */
const JOB_STATES = ["created", "retry", "active", "failed"] as const;

/**
 * The route a request matched, as registered ('/api/posts/:id', '/assets/*'), never the raw path, so ids and slugs
 * never become label values: the route that answered; when a middleware answered first (a 401, 403 or 429), the
 * route of the request's method it was headed for; else the middleware's own pattern ('/api/*': no such API path).
 * '/*' is the web app's pages; 'unmatched' what nothing claimed.
 */
function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const bare = (path: string) => path === "" || path === "*" || path === "/*";
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== "ALL") return answered.path === "*" ? "/*" : answered.path;
  const headedFor = routes.find((r) => r.method === method && !bare(r.path));
  if (headedFor) return headedFor.path;
  return answered && !bare(answered.path) ? answered.path : "unmatched";
}

function sameToken(given: string, expected: string): boolean {
  // Hashed first, so the comparison takes the same time whatever the lengths.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * With METRICS_TOKEN set: the request metrics' middleware and GET /metrics. Without it: nothing, so /metrics is the
 * 404 of any unknown path and requests cost nothing extra. Call before any other middleware or route, so the
 * middleware times everything after it.
 */
export function mountMetrics(app: Hono<TAppEnv>, deps: TDeps, options: { realtime?: TRealtimeHub } = {}) {
  const token = deps.config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [register],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request (to its first byte for a stream), by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [register],
  });
  const realtime = options.realtime;
  new Gauge({
    name: "plugs_event_streams_open",
    help: "Live event streams (/api/events) open on this instance",
    registers: [register],
    collect() {
      this.set(realtime?.size() ?? 0);
    },
  });
  const delivery = new Histogram({
    name: "plugs_event_delivery_seconds",
    help: "From an event's publishing (on any instance) to its routing to this instance's open streams, by type",
    labelNames: ["type"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  realtime?.onDelivered(({ type, lagMs }) => delivery.observe({ type }, lagMs / 1000));
  const pool = deps.database.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [register],
        collect() {
          this.set(read());
        },
      });
    poolGauge("plugs_db_pool_connections", "PostgreSQL connections the pool holds", () => pool.totalCount);
    poolGauge("plugs_db_pool_idle", "PostgreSQL connections idle in the pool", () => pool.idleCount);
    poolGauge(
      "plugs_db_pool_waiting",
      "Queries waiting for a free PostgreSQL connection",
      () => pool.waitingCount,
    );
    poolGauge(
      "plugs_db_pool_max",
      "DATABASE_POOL_SIZE: the most connections the pool opens",
      () => pool.options.max,
    );
  }
  if (deps.jobs) {
    new Gauge({
      name: "plugs_jobs",
      help: "Background jobs by queue and state (created: waiting; retry; active: running; failed: kept 14 days)",
      labelNames: ["queue", "state"] as const,
      registers: [register],
      async collect() {
        this.reset();
        for (const row of await jobCounts(deps)) this.set({ queue: row.name, state: row.state }, row.count);
      },
    });
  }

  app.use(async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: METHODS.has(c.req.method) ? c.req.method : "other",
        route: routeLabel(c),
        // An error that escaped every handler still reaches the client as a 500 (app.onError).
        status: String(c.res?.status ?? 500),
      };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    }
  });
  app.get("/metrics", async (c) => {
    const header = c.req.header("authorization") ?? "";
    const given = /^Bearer (.+)$/i.exec(header)?.[1]?.trim() ?? "";
    if (!given || !sameToken(given, token)) {
      c.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED", "A valid metrics token is required");
    }
    c.header("cache-control", "no-store");
    return c.body(await register.metrics(), 200, { "content-type": register.contentType });
  });
}

/**
 * Waiting, retrying, running and failed jobs per queue, every queue and state named (0 included), read from pg-boss's
 * tables (jobs/job-runner.ts keeps them in the pgboss schema).
 */
async function jobCounts(deps: TDeps): Promise<{ name: string; state: string; count: number }[]> {
  const states = JOB_STATES.map((s) => `('${s}')`).join(", ");
  const text = `select q.name, s.state, count(j.id)::int as count
                  from pgboss.queue q
                 cross join (values ${states}) as s(state)
                  left join pgboss.job j on j.name = q.name and j.state::text = s.state
                 group by q.name, s.state`;
  const { pool, pglite } = deps.database;
  const rows = pool ? (await pool.query(text)).rows : ((await pglite?.query(text))?.rows ?? []);
  return rows as { name: string; state: string; count: number }[];
}
