import {
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from "@solana/kit";
import type { Page } from "playwright-core";

/**
 * A Wallet Standard wallet for browser journeys, as a browser extension would inject it: the page sees a real
 * wallet (registered through the standard's window events, with `standard:connect`, `standard:events`,
 * `solana:signMessage`, `solana:signTransaction` and `solana:signAndSendTransaction`), while its ed25519 key stays
 * in Node. The page calls Node through `page.exposeFunction`; Node signs with @solana/kit and sends to the test's
 * Solana JSON-RPC server, so the page's CSP and network are untouched.
 */
export type TTestWallet = {
  /** The wallet's address (base58 of its public key). */
  address: string;
  /** Signatures of the transactions it sent, oldest first. */
  sent: string[];
  /** The next `count` signing requests are refused, as a person pressing Reject in a wallet would. */
  rejectNext(count?: number): void;
  /** Puts the wallet into `page` (before its first navigation). */
  install(page: Page): Promise<void>;
};

export const TEST_WALLET_NAME = "Test Wallet";

/** A new wallet with a fresh keypair that sends its transactions to `rpcUrl`. */
export async function createTestWallet(rpcUrl: string): Promise<TTestWallet> {
  const keyPair = await generateKeyPair();
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", keyPair.publicKey));
  const address = await getAddressFromPublicKey(keyPair.publicKey);
  const sent: string[] = [];
  let rejections = 0;

  const refuseIfAsked = () => {
    if (rejections > 0) {
      rejections -= 1;
      throw new Error("User rejected the request.");
    }
  };
  const signTransaction = async (base64: string) => {
    const transaction = getTransactionDecoder().decode(Buffer.from(base64, "base64"));
    return partiallySignTransaction([keyPair], transaction);
  };

  const handlers = {
    async signMessage(base64: string): Promise<string> {
      refuseIfAsked();
      const signature = await signBytes(keyPair.privateKey, Buffer.from(base64, "base64"));
      return Buffer.from(signature).toString("base64");
    },
    async signTransaction(base64: string): Promise<string> {
      refuseIfAsked();
      const signed = await signTransaction(base64);
      return Buffer.from(getTransactionEncoder().encode(signed)).toString("base64");
    },
    async signAndSendTransaction(base64: string): Promise<string> {
      refuseIfAsked();
      const signed = await signTransaction(base64);
      const signature = await rpc<string>(rpcUrl, "sendTransaction", [
        getBase64EncodedWireTransaction(signed),
        { encoding: "base64", preflightCommitment: "confirmed" },
      ]);
      sent.push(signature);
      return Buffer.from(getBase58Encoder().encode(signature)).toString("base64");
    },
  };

  return {
    address,
    sent,
    rejectNext(count = 1) {
      rejections += count;
    },
    async install(page) {
      await page.exposeFunction("__testWalletSignMessage", handlers.signMessage);
      await page.exposeFunction("__testWalletSignTransaction", handlers.signTransaction);
      await page.exposeFunction("__testWalletSignAndSend", handlers.signAndSendTransaction);
      await page.addInitScript(injectWallet, {
        name: TEST_WALLET_NAME,
        address,
        publicKey: Buffer.from(publicKey).toString("base64"),
      });
    },
  };
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

/**
 * Runs in the page before its scripts: builds the wallet object and registers it the way `registerWallet` of
 * @wallet-standard/wallet does (announce it now, and again when an app says it is ready).
 */
function injectWallet({ name, address, publicKey }: { name: string; address: string; publicKey: string }) {
  type TBridge = (base64: string) => Promise<string>;
  const bridge = window as unknown as Record<
    "__testWalletSignMessage" | "__testWalletSignTransaction" | "__testWalletSignAndSend",
    TBridge
  >;
  const toBytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
  const chains = ["solana:mainnet", "solana:devnet", "solana:testnet", "solana:localnet"] as const;
  const featureNames = [
    "solana:signMessage",
    "solana:signTransaction",
    "solana:signAndSendTransaction",
  ] as const;
  const account = Object.freeze({
    address,
    publicKey: toBytes(publicKey),
    chains,
    features: featureNames,
    label: name,
  });
  const listeners = new Set<(properties: { accounts?: readonly (typeof account)[] }) => void>();
  let connected = false;
  const icon =
    "data:image/svg+xml;base64," +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><path d="M9 11h14v10H9z" fill="#fff"/></svg>',
    );

  const wallet = {
    version: "1.0.0" as const,
    name,
    icon,
    chains,
    get accounts() {
      return connected ? [account] : [];
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        async connect() {
          if (!connected) {
            connected = true;
            for (const listener of listeners) listener({ accounts: [account] });
          }
          return { accounts: [account] };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        async disconnect() {
          connected = false;
          for (const listener of listeners) listener({ accounts: [] });
        },
      },
      "standard:events": {
        version: "1.0.0",
        on(event: string, listener: (properties: object) => void) {
          if (event !== "change") return () => {};
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signMessage": {
        version: "1.1.0",
        signMessage: (...inputs: { message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ message }) => ({
              signedMessage: message,
              signature: toBytes(await bridge.__testWalletSignMessage(toBase64(message))),
              signatureType: "ed25519",
            })),
          ),
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => ({
              signedTransaction: toBytes(await bridge.__testWalletSignTransaction(toBase64(transaction))),
            })),
          ),
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => ({
              signature: toBytes(await bridge.__testWalletSignAndSend(toBase64(transaction))),
            })),
          ),
      },
    },
  };

  const callback = ({ register }: { register: (w: typeof wallet) => void }) => register(wallet);
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: callback }));
  window.addEventListener("wallet-standard:app-ready", (event) =>
    callback((event as CustomEvent<{ register: (w: typeof wallet) => void }>).detail),
  );
}
