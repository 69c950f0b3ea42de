import { describe, expect, it } from "vitest";
import { renderHead } from "./page-head.ts";

describe("renderHead", () => {
  it("escapes every value and makes addresses absolute on the site's origin", () => {
    const html = renderHead(
      {
        title: `"Rugs" & <plugs> · Site`,
        description: "It's <b>bold</b>",
        path: "/blog/a-slug",
        siteName: "Site",
        type: "article",
        image: { url: "/media/cover.png", width: 1200, height: 630 },
        properties: [["article:tag", "<scams>"]],
        feeds: [{ type: "rss", title: "Site Blog", href: "/blog/rss.xml" }],
        jsonLd: { "@type": "Article", headline: "</script><script>alert(1)</script>" },
      },
      "https://plugs.example",
    );
    expect(html).toContain("<title>&quot;Rugs&quot; &amp; &lt;plugs&gt; · Site</title>");
    expect(html).toContain('<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt;">');
    expect(html).toContain('<link rel="canonical" href="https://plugs.example/blog/a-slug">');
    expect(html).toContain('<meta property="og:image" content="https://plugs.example/media/cover.png">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="article:tag" content="&lt;scams&gt;">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Site Blog" href="https://plugs.example/blog/rss.xml">',
    );
    // The JSON-LD cannot close its script element, and reads back as written.
    expect(html).not.toContain("<script>alert");
    const ld = html.split('<script type="application/ld+json">')[1]?.split("</script>")[0] ?? "";
    expect(JSON.parse(ld).headline).toBe("</script><script>alert(1)</script>");
  });

  it("has a plain summary card and no image tags without an image", () => {
    const html = renderHead(
      { title: "Blog · Site", description: "d", path: "/blog?page=2", siteName: "Site", type: "website" },
      "http://localhost:3000",
    );
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blog?page=2">');
    expect(html).not.toContain("og:image");
    expect(html).not.toContain("ld+json");
  });
});
