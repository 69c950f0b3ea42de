import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "./use-seconds-left.ts";

describe("formatTimeLeft", () => {
  it("writes hours, minutes and seconds, and days past a day", () => {
    expect(formatTimeLeft(0)).toBe("00:00:00");
    expect(formatTimeLeft(59)).toBe("00:00:59");
    expect(formatTimeLeft(23 * 3600 + 59 * 60 + 57)).toBe("23:59:57");
    expect(formatTimeLeft(86_400)).toBe("1d 00:00:00");
    expect(formatTimeLeft(2 * 86_400 + 4 * 3600 + 5 * 60 + 6)).toBe("2d 04:05:06");
  });
});
