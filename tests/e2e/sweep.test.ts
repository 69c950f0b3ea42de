import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { M_SWEEP } from "@plugs/domain";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startSolanaRpc, TOKEN_2022 } from "../../apps/server/src/testing/solana-rpc.ts";
import { signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot, type TTheme, type TViewport } from "./support/browser.ts";
import { expectNoHorizontalOverflow, heading, toast, useJourney } from "./support/journey.ts";
import { startE2EServer, type TE2EServer } from "./support/server.ts";
import { createTestWallet, TEST_WALLET_NAME, type TTestWallet } from "./support/test-wallet.ts";

// A real SVM behind a real JSON-RPC server: the app scans and verifies through it, and the test wallet sends to it.
const rpc = await startSolanaRpc();
const j = useJourney({ SOLANA_RPC_URL: rpc.url });
let rpcOpen = true;
afterAll(async () => {
  if (rpcOpen) await rpc.close();
});

const SOL = 1_000_000_000n;
const SHIFTED_CLOCK = fileURLToPath(new URL("./support/shifted-clock.mjs", import.meta.url));

async function balanceOf(member: TSignedUp, server: TE2EServer = j.server): Promise<number> {
  const res = await fetch(`${server.url}/api/points/me`, { headers: { cookie: member.cookie } });
  return ((await res.json()) as { balance: number }).balance;
}

/**
 * A funded test wallet holding five empty token accounts (one of them Token-2022), one account with tokens and one
 * frozen account, all opened more than the minimum age ago.
 */
async function walletWithDust(): Promise<TTestWallet> {
  const wallet = await createTestWallet(rpc.url);
  rpc.airdrop(wallet.address, SOL);
  const mint = await rpc.createMint({ decimals: 6 });
  const mint2022 = await rpc.createMint({ decimals: 9, program: TOKEN_2022 });
  const owner = wallet.address as Parameters<typeof rpc.createTokenAccount>[0];
  for (let i = 0; i < 4; i++) await rpc.createTokenAccount(owner, mint);
  await rpc.createTokenAccount(owner, mint2022, { program: TOKEN_2022 });
  await rpc.createTokenAccount(owner, mint, { amount: 1_500_000n });
  await rpc.createTokenAccount(owner, mint, { frozen: true });
  rpc.advanceDays(8);
  return wallet;
}

/** Opens /sweep as `member` with `wallet` in the browser, connects it and links it (signing the challenge). */
async function connectAndLink(
  member: TSignedUp,
  wallet: TTestWallet,
  viewport: TViewport,
  theme: TTheme,
  on?: TE2EServer,
  { fakeClock = false } = {},
): Promise<Page> {
  const page = await j.open({ as: member, viewport, theme, on });
  // Time still runs at its real pace; the test can move it on (page.clock.fastForward).
  if (fakeClock) await page.clock.install();
  await wallet.install(page);
  await page.goto("/sweep");
  await heading(page, "Sweep your wallet").waitFor();
  await page.getByRole("button", { name: `Connect ${TEST_WALLET_NAME}` }).click();
  await page.getByText(`Connected with ${TEST_WALLET_NAME}`).waitFor();
  await page.getByRole("button", { name: "Link this wallet" }).click();
  await page.getByRole("region", { name: "Linked wallets" }).getByText("Connected").waitFor();
  return page;
}

/** A screenshot from the top of the page (a scrolled page draws its sticky bar mid-picture). */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

const canClose = (page: Page) => page.getByRole("region", { name: "Token accounts" });

describe("sweep", () => {
  it("connects a wallet, links it, closes 3 of its 5 empty accounts and pays 1000 points each", async () => {
    const member = await signUpByApi(j.server);
    const before = await balanceOf(member);
    const wallet = await walletWithDust();
    const page = await connectAndLink(member, wallet, "desktop", "dark");
    await snap(page, "sweep-linked-dark-1280");

    // The scan: five can close, two cannot (and why), and the totals.
    const scan = canClose(page);
    await scan.getByText("Select all (5)").waitFor();
    await scan.getByText("Holds tokens: only an empty account can be closed").waitFor();
    await scan.getByText("Frozen by its token's issuer").waitFor();
    await scan.getByText("5,000").waitFor();
    await snap(page, "sweep-scan-dark-1280");

    // Close three: the server waits for finality, so the batch shows Confirmed until the network finalizes it.
    rpc.setAutoFinalize(false);
    const boxes = scan.getByRole("checkbox");
    for (const i of [1, 2, 3]) await boxes.nth(i).click();
    await scan.getByText("3 accounts selected").waitFor();
    await scan.getByRole("button", { name: "Close 3 accounts" }).click();
    const progress = page.getByRole("region", { name: "Closing 3 accounts" });
    await progress.getByText("Confirmed. Waiting for it to be finalized").waitFor({ timeout: 20_000 });
    await snap(page, "sweep-confirming-dark-1280");
    rpc.finalize();
    rpc.setAutoFinalize(true);

    await toast(page, "Points Earned").waitFor({ timeout: 20_000 });
    const done = page.getByRole("region", { name: "Sweep complete" });
    await done.getByText("+3,000 points").first().waitFor();
    expect(await balanceOf(member)).toBe(before + 3000);
    await expect
      .poll(() => page.getByTestId("sweep-balance").textContent())
      .toBe((before + 3000).toLocaleString("en-US"));
    // The scan is read again: two left to close.
    await scan.getByText("Select all (2)").waitFor();
    const history = page.getByRole("region", { name: "Sweep history" });
    await history.getByText("3 accounts closed").waitFor();
    const link = history.getByRole("link", { name: /View transaction/ });
    expect(await link.getAttribute("href")).toContain(wallet.sent[0]);
    await expectNoHorizontalOverflow(page);
    await snap(page, "sweep-done-dark-1280");
  });

  it("on a phone: a declined signature fails the batch, Retry sends it again", async () => {
    const member = await signUpByApi(j.server);
    const before = await balanceOf(member);
    const wallet = await walletWithDust();
    const page = await connectAndLink(member, wallet, "mobile", "light");
    const scan = canClose(page);
    await scan.getByText("Select all (5)").waitFor();
    await expectNoHorizontalOverflow(page);
    await snap(page, "sweep-scan-light-390");

    wallet.rejectNext();
    await scan.getByText("Select all (5)").click();
    await scan.getByRole("button", { name: "Close 5 accounts" }).click();
    const progress = page.getByRole("region", { name: "Closing 5 accounts" });
    await progress.getByText("The request was declined in the wallet.").waitFor();
    await snap(page, "sweep-failed-light-390");
    await progress.getByRole("button", { name: "Retry" }).click();

    await toast(page, "Points Earned").waitFor({ timeout: 30_000 });
    await page.getByRole("region", { name: "Sweep complete" }).waitFor();
    expect(await balanceOf(member)).toBe(before + 5000);
    await scan.getByText("No empty token accounts in this wallet. Nothing to close.").waitFor();
    await page.getByRole("region", { name: "Sweep history" }).getByText("5 accounts closed").waitFor();
    await expectNoHorizontalOverflow(page);
    await snap(page, "sweep-done-light-390");

    // The other two sizes: the same member's page after the sweep, and unlinking.
    for (const [viewport, theme, width] of [
      ["desktop", "light", 1280],
      ["mobile", "dark", 390],
    ] as const) {
      const p = await j.open({ as: member, viewport, theme });
      await wallet.install(p);
      await p.goto("/sweep");
      await p.getByRole("region", { name: "Sweep history" }).getByText("5 accounts closed").waitFor();
      await p.getByRole("button", { name: `Connect ${TEST_WALLET_NAME}` }).waitFor();
      await expectNoHorizontalOverflow(p);
      await snap(p, `sweep-history-${theme}-${width}`);
    }
    const linked = page.getByRole("region", { name: "Linked wallets" });
    await linked.getByRole("button", { name: `Unlink ${wallet.address}` }).click();
    await linked.getByText("No wallet linked yet.").waitFor();
    await page.getByRole("button", { name: "Link this wallet" }).waitFor();
  });

  it("verifies a sweep sent just before the page was reloaded when the page opens again", async () => {
    const member = await signUpByApi(j.server);
    const before = await balanceOf(member);
    const wallet = await walletWithDust();
    const page = await connectAndLink(member, wallet, "desktop", "light");
    const scan = canClose(page);
    await scan.getByText("Select all (5)").waitFor();
    rpc.setAutoFinalize(false);
    await scan.getByRole("checkbox").nth(1).click();
    await scan.getByRole("checkbox").nth(2).click();
    await scan.getByRole("button", { name: "Close 2 accounts" }).click();
    await page.getByText("Confirmed. Waiting for it to be finalized").waitFor({ timeout: 20_000 });

    // The tab reloads before the network finalizes: the signature kept in the browser is claimed on return.
    await page.reload();
    await heading(page, "Sweep your wallet").waitFor();
    rpc.finalize();
    rpc.setAutoFinalize(true);
    await toast(page, "Points Earned").waitFor({ timeout: 30_000 });
    await page.getByRole("region", { name: "Sweep history" }).getByText("2 accounts closed").waitFor();
    expect(await balanceOf(member)).toBe(before + 2000);
  });

  it("over the fair-use limit: says when to check again, keeps what was paid, and pays the claim after the wait", async () => {
    // Five 'sweep' actions a minute, the minute counted from its first action: before the second claim the test
    // uses up a minute that has most of its time ahead through the scan API, so that claim is refused however long
    // the steps before it took. The minute passes on both clocks instead of being waited out: the server's
    // (support/shifted-clock.mjs) and the page's (Playwright's clock, which otherwise runs at the real pace).
    const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sweep-clock-")), "offset");
    let serverAheadMs = 0;
    const moveServerClock = async (ms: number) => {
      serverAheadMs += ms;
      fs.writeFileSync(clockFile, String(serverAheadMs));
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const limited = await startE2EServer({
      SOLANA_RPC_URL: rpc.url,
      MEMBER_LIMITS: "sweep=5/1000",
      E2E_CLOCK_FILE: clockFile,
      NODE_OPTIONS: `--import=${SHIFTED_CLOCK}`,
    });
    try {
      const member = await signUpByApi(limited);
      const before = await balanceOf(member, limited);
      const wallet = await walletWithDust();
      const page = await connectAndLink(member, wallet, "desktop", "light", limited, { fakeClock: true });
      const scan = canClose(page);
      await scan.getByText("Select all (5)").waitFor();
      await scan.getByRole("checkbox").nth(1).click();
      await scan.getByRole("checkbox").nth(2).click();
      await scan.getByRole("button", { name: "Close 2 accounts" }).click();
      await toast(page, "Points Earned").waitFor({ timeout: 30_000 });
      await scan.getByText("Select all (3)").waitFor();

      await scan.getByRole("checkbox").nth(1).click();
      const scanApi = `${limited.url}/api/sweep/wallets/${wallet.address}/accounts`;
      /** Scans until refused; the seconds until the minute's actions come back. */
      const useUpMinute = async () => {
        for (let i = 0; i < 6; i++) {
          const res = await fetch(scanApi, { headers: { cookie: member.cookie } });
          if (res.status === 429) return Number(res.headers.get("retry-after"));
        }
        throw new Error("the scan was never refused");
      };
      const left = await useUpMinute();
      if (left < 45) {
        await moveServerClock((left + 1) * 1000);
        expect(await useUpMinute()).toBeGreaterThanOrEqual(45);
      }
      await scan.getByRole("button", { name: "Close 1 account" }).click();
      const progress = page.getByRole("region", { name: "Closing 1 account" });
      const refusal = progress.getByRole("alert");
      // The wait in words: "40 seconds", or "1 minute" when the refused action opened the minute.
      await refusal
        .getByText(/^You're doing that too often\. Try again in (\d+ seconds|1 minute)\.$/)
        .waitFor({
          timeout: 30_000,
        });
      const checkAgain = progress.getByRole("button", { name: /^Check again in \d+ s$/ });
      expect(await checkAgain.isDisabled()).toBe(true);
      // What the first sweep paid stays: its history and the balance.
      const history = page.getByRole("region", { name: "Sweep history" });
      await history.getByText("2 accounts closed").waitFor();
      expect(await balanceOf(member, limited)).toBe(before + 2000);
      await expectNoHorizontalOverflow(page);
      // The first sweep's 'Points Earned' toast would cover the refusal in the picture: it goes by itself.
      await toast(page, "Points Earned").waitFor({ state: "hidden", timeout: 20_000 });
      await snap(page, "sweep-limited-light-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoHorizontalOverflow(page);
      await snap(page, "sweep-limited-light-390");

      // Once the wait is over, Check again claims the same signature and it pays.
      await moveServerClock(61_000);
      await page.clock.fastForward(61_000);
      await progress.getByRole("button", { name: "Check again", exact: true }).click();
      await page.getByRole("region", { name: "Sweep complete" }).waitFor({ timeout: 30_000 });
      await history.getByText("1 account closed").waitFor();
      expect(await balanceOf(member, limited)).toBe(before + 3000);
    } finally {
      await limited.stop();
    }
  });

  it("explains what to do without a wallet, and asks a visitor to sign in", async () => {
    const member = await signUpByApi(j.server);
    for (const [viewport, theme, width] of [
      ["desktop", "dark", 1280],
      ["mobile", "light", 390],
    ] as const) {
      const page = await j.open({ as: member, viewport, theme });
      await page.goto("/sweep");
      await page.getByText("No Solana wallet found in this browser").waitFor();
      for (const name of ["Phantom", "Solflare", "Backpack"])
        await page.getByRole("link", { name: `Get ${name}` }).waitFor();
      await page.getByText("No sweeps yet.", { exact: false }).waitFor();
      await expectNoHorizontalOverflow(page);
      await snap(page, `sweep-no-wallet-${theme}-${width}`);
    }
    const visitor = await j.open({ viewport: "mobile", theme: "dark" });
    await visitor.goto("/sweep");
    await visitor.getByText("Sign in to sweep your wallet").waitFor();
    await snap(visitor, "sweep-visitor-dark-390");
  });

  it("says so when the Solana network cannot be reached", async () => {
    const member = await signUpByApi(j.server);
    const wallet = await createTestWallet(rpc.url);
    await rpc.close();
    rpcOpen = false;
    const page = await connectAndLink(member, wallet, "mobile", "dark");
    await canClose(page).getByText(M_SWEEP.rpcUnavailable).waitFor({ timeout: 30_000 });
    await canClose(page).getByRole("button", { name: "Retry" }).waitFor();
    await expectNoHorizontalOverflow(page);
    await snap(page, "sweep-rpc-down-dark-390");
  });
});
