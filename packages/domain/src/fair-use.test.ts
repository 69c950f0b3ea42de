import { describe, expect, it } from "vitest";
import { DEFAULT_MEMBER_LIMITS, formatWait, MEMBER_ACTIONS, tooOftenMessage } from "./fair-use.ts";

describe("formatWait", () => {
  it("says a wait in seconds under a minute, then minutes, then hours, rounded up", () => {
    expect(formatWait(0.2)).toBe("1 second");
    expect(formatWait(40)).toBe("40 seconds");
    expect(formatWait(59)).toBe("59 seconds");
    expect(formatWait(59.1)).toBe("1 minute");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(61)).toBe("2 minutes");
    expect(formatWait(3540)).toBe("59 minutes");
    expect(formatWait(3599)).toBe("1 hour");
    expect(formatWait(3600)).toBe("1 hour");
    expect(formatWait(86_399)).toBe("24 hours");
  });

  it("words the 429's message", () => {
    expect(tooOftenMessage(40)).toBe("You're doing that too often. Try again in 40 seconds.");
    expect(tooOftenMessage(5 * 3600)).toBe("You're doing that too often. Try again in 5 hours.");
  });
});

describe("DEFAULT_MEMBER_LIMITS", () => {
  it("gives every kind a burst no larger than its day", () => {
    for (const kind of MEMBER_ACTIONS) {
      const { perMinute, perDay } = DEFAULT_MEMBER_LIMITS[kind];
      expect(perMinute).toBeGreaterThan(0);
      expect(perMinute).toBeLessThanOrEqual(perDay);
    }
  });
});
