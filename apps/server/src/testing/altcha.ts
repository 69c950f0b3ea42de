import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/**
 * What the ALTCHA widget does, for tests that send a protected request without a browser: fetch a challenge from
 * the server at `baseUrl`, solve it, and return the X-Captcha-Token value (base64 JSON of both). Good for one request.
 */
export async function solvedAltcha(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/auth/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the ALTCHA challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
