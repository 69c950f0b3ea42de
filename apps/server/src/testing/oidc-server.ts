import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/*
 * A real OpenID Connect provider for tests (the `oidc-provider` package: discovery, signed ID tokens, PKCE, the code
 * flow), on a random port. Its sign-in page is ours and minimal: it lists no one; the person (or test) types the
 * account's id and continues, or cancels. Accounts are what the test adds.
 */

export type TOidcAccount = { email: string; emailVerified: boolean; name: string };

export type TOidcServer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lets the provider send members back to this app (its client's redirect URI); call once the app listens. */
  allowApp(appUrl: string): void;
  addAccount(sub: string, account: TOidcAccount): void;
  close(): Promise<void>;
};

const CLIENT_ID = "plugs-test-client";
const CLIENT_SECRET = "plugs-test-client-secret-0123456789";

export async function startOidcServer(): Promise<TOidcServer> {
  const accounts = new Map<string, TOidcAccount>();
  let provider: Provider | null = null;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end("The test provider has no client yet");
      return;
    }
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    const interaction = /^\/interaction\/([^/]+)(\/abort)?$/.exec(path);
    if (interaction) {
      handleInteraction(provider, accounts, req, res, interaction[2] === "/abort").catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
      return;
    }
    provider.callback()(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    allowApp(appUrl) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
            grant_types: ["authorization_code"],
            response_types: ["code"],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        async findAccount(_ctx, sub) {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            claims: () => ({
              sub,
              email: account.email,
              email_verified: account.emailVerified,
              name: account.name,
            }),
          };
        },
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, details) => `/interaction/${details.uid}` },
        cookies: { keys: ["plugs-test-cookie-key-0123456789"] },
      });
    },
    addAccount(sub, account) {
      accounts.set(sub, account);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The provider's sign-in step: a form (GET), then the account typed in signs in and consents (POST), or cancels. */
async function handleInteraction(
  provider: Provider,
  accounts: Map<string, TOidcAccount>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  abort: boolean,
) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === "GET") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Test Identity Provider</title></head><body>
<h1>Test Identity Provider</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>Account <input name="login" autocomplete="off"></label>
<button type="submit">Continue</button>
<button type="submit" formaction="/interaction/${escapeHtml(details.uid)}/abort">Cancel</button>
</form></body></html>`);
    return;
  }
  if (abort) {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The person cancelled" },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const login = (await readForm(req)).get("login") ?? "";
  if (!accounts.has(login)) {
    res.writeHead(400, { "content-type": "text/plain" }).end("No such account");
    return;
  }
  const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: login }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
