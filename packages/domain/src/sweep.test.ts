import { describe, expect, it } from "vitest";
import {
  buildSiwsMessage,
  explorerTxLink,
  formatSol,
  parseSiwsMessage,
  SIWS_STATEMENT,
  ZLinkWalletInput,
  ZSweepClaimInput,
  ZWalletChallengeInput,
} from "./sweep.ts";

const fields = {
  domain: "localhost:3000",
  address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  statement: SIWS_STATEMENT,
  uri: "http://localhost:3000",
  nonce: "a1b2c3d4e5f6",
  issuedAt: "2026-11-26T12:00:00.000Z",
  expirationTime: "2026-11-26T12:10:00.000Z",
};

describe("Sign In With Solana message", () => {
  it("parses what it builds, and nothing else", () => {
    const text = buildSiwsMessage(fields);
    expect(text.split("\n")[0]).toBe("localhost:3000 wants you to sign in with your Solana account:");
    expect(parseSiwsMessage(text)).toEqual(fields);
    expect(parseSiwsMessage(`${text}\n`)).toBeNull();
    expect(parseSiwsMessage(text.replace("Version: 1", "Version: 2"))).toBeNull();
    expect(parseSiwsMessage("hello")).toBeNull();
  });
});

describe("sweep schemas", () => {
  it("takes Solana addresses and signatures only", () => {
    expect(ZWalletChallengeInput.safeParse({ address: fields.address }).success).toBe(true);
    const bad = ZWalletChallengeInput.safeParse({ address: "0xabc" });
    expect(bad.error?.issues[0]?.message).toBe("Enter a valid Solana address");
    expect(
      ZLinkWalletInput.safeParse({ address: fields.address, message: "m", signature: "not base64!" }).error
        ?.issues[0]?.message,
    ).toBe("The signature is not a valid wallet signature");
    expect(ZSweepClaimInput.safeParse({ signature: "abc" }).error?.issues[0]?.message).toBe(
      "Enter a valid transaction signature",
    );
  });

  it("writes SOL and explorer links", () => {
    expect(formatSol(2_039_280)).toBe("0.00203928");
    expect(formatSol(3_000_000_000)).toBe("3");
    expect(explorerTxLink("https://explorer.solana.com/tx/{signature}", "abc")).toBe(
      "https://explorer.solana.com/tx/abc",
    );
  });
});
