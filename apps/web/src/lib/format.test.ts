import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DateTime } from "../components/date-time.tsx";
import { formatDate, formatDay, formatPlace } from "./format.ts";

// The web project runs in America/New_York (vitest.config.ts), so the viewer's clock is not UTC here.
const AT = "2026-11-23T18:31:00Z";

describe("formatDate", () => {
  it("writes the spec's 'MMM d, yyyy • h:mm a' on the viewer's clock", () => {
    expect(formatDate(AT)).toBe("Nov 23, 2026 • 1:31 PM");
    expect(formatDate(new Date("2026-01-05T05:07:00Z"))).toBe("Jan 5, 2026 • 12:07 AM");
    expect(formatDate(Date.parse("2026-07-04T16:00:00Z"))).toBe("Jul 4, 2026 • 12:00 PM");
  });
});

describe("formatDay", () => {
  it("writes the day alone, on the viewer's clock", () => {
    expect(formatDay(AT)).toBe("Nov 23, 2026");
    // Still the 22nd in New York.
    expect(formatDay("2026-11-23T03:00:00Z")).toBe("Nov 22, 2026");
  });
});

describe("useFormatDate", () => {
  it("writes UTC when rendered on the server, which cannot know the viewer's time zone", () => {
    const html = renderToString(createElement(DateTime, { value: AT }));
    expect(html).toBe(`<time dateTime="${AT}">Nov 23, 2026 • 6:31 PM</time>`);
  });
});

describe("formatPlace", () => {
  it("writes a place with its thousands, and a + past the counted cap", () => {
    expect(formatPlace(3, false)).toBe("#3");
    expect(formatPlace(1204, false)).toBe("#1,204");
    expect(formatPlace(10000, true)).toBe("#10,000+");
  });
});
