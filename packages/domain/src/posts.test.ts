import { describe, expect, it } from "vitest";
import { M } from "./messages.ts";
import { isGiphyMediaUrl, parseMentions, postPreview, postShareText } from "./post-text.ts";
import { ZCreatePostRequest, ZFeedQuery, ZUpdatePostRequest } from "./posts.ts";

const gif = {
  id: "abc",
  url: "https://media2.giphy.com/media/abc/giphy.gif?cid=1",
  preview: "https://media2.giphy.com/media/abc/200.gif",
  title: "wave",
  width: 480,
  height: "270",
  username: "someone",
};
const file = (name = "a.png") => ({ name, size: 10, type: "image/png" });

function firstMessage(input: unknown): string | undefined {
  const result = ZCreatePostRequest.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("ZCreatePostRequest", () => {
  it("needs text or an attachment", () => {
    expect(firstMessage({ content: "  \n " })).toBe(M.posts.contentOrMedia);
    expect(firstMessage({})).toBe(M.posts.contentOrMedia);
    expect(firstMessage({ content: "", media: [file()] })).toBeUndefined();
    expect(firstMessage({ content: "", gifs: [gif] })).toBeUndefined();
    expect(firstMessage({ content: "gm" })).toBeUndefined();
  });

  it("allows 4 attachments, files and GIFs together, and no more", () => {
    expect(firstMessage({ media: [file(), file(), file()], gifs: [gif] })).toBeUndefined();
    expect(firstMessage({ media: [file(), file(), file()], gifs: [gif, gif] })).toBe(M.posts.tooManyMedia);
    expect(firstMessage({ content: "x", media: [file(), file(), file(), file(), file()] })).toBe(
      M.posts.tooManyMedia,
    );
  });

  it("caps the text at 5000 characters", () => {
    expect(firstMessage({ content: "a".repeat(5000) })).toBeUndefined();
    expect(firstMessage({ content: "a".repeat(5001) })).toBe(M.posts.contentTooLong);
  });

  it("accepts only GIPHY media URLs for GIFs", () => {
    expect(firstMessage({ gifs: [{ ...gif, url: "https://evil.example/giphy.gif" }] })).toBe(
      M.posts.gifInvalid,
    );
    expect(firstMessage({ gifs: [{ ...gif, url: "http://media.giphy.com/a.gif" }] })).toBe(
      M.posts.gifInvalid,
    );
    expect(firstMessage({ gifs: [{ ...gif, width: "wide" }] })).toBe(M.posts.gifInvalid);
    expect(firstMessage({ gifs: ["not an object"] })).toBe(M.posts.gifInvalid);
    const parsed = ZCreatePostRequest.parse({ gifs: [gif] });
    expect(parsed.gifs[0]).toMatchObject({ height: 270, width: 480, title: "wave" });
  });

  it("takes an optional community id and refuses text no database can store", () => {
    expect(firstMessage({ content: "x", communityId: "nope" })).toBe(M.posts.communityNotFound);
    expect(firstMessage({ content: "a\u0000b" })).toBe(M.kols.invalidCharacters);
    expect(firstMessage({ content: "half an emoji \ud83d" })).toBe(M.kols.invalidCharacters);
    expect(ZCreatePostRequest.parse({ content: "a whole one 🚀", communityId: null }).content).toBe(
      "a whole one 🚀",
    );
  });
});

describe("ZUpdatePostRequest", () => {
  it("caps the edited text too", () => {
    expect(ZUpdatePostRequest.safeParse({ content: "b".repeat(5001) }).error?.issues[0]?.message).toBe(
      M.posts.contentTooLong,
    );
  });
});

describe("ZFeedQuery", () => {
  it("defaults to the For You tab, newest first, 10 posts, and caps the page at 50", () => {
    expect(ZFeedQuery.parse({})).toEqual({ tab: "all", sort: "newest", limit: 10 });
    expect(ZFeedQuery.safeParse({ limit: "51" }).success).toBe(false);
    expect(ZFeedQuery.safeParse({ tab: "communities" }).success).toBe(false);
  });
});

describe("isGiphyMediaUrl", () => {
  it("knows GIPHY's media hosts", () => {
    expect(isGiphyMediaUrl("https://media.giphy.com/media/x/giphy.gif")).toBe(true);
    expect(isGiphyMediaUrl("https://media4.giphy.com/media/x/giphy.gif")).toBe(true);
    expect(isGiphyMediaUrl("https://media.giphy.com.evil.example/x.gif")).toBe(false);
    expect(isGiphyMediaUrl("https://user@media.giphy.com/x.gif")).toBe(false);
    expect(isGiphyMediaUrl("https://giphy.com/x.gif")).toBe(false);
    expect(isGiphyMediaUrl("javascript:alert(1)")).toBe(false);
    expect(isGiphyMediaUrl("https://media.giphy.com:8443/x.gif")).toBe(false);
    expect(isGiphyMediaUrl("https://media.giphy.com/x.gif\\@evil.example")).toBe(false);
    expect(isGiphyMediaUrl("https://media.giphy.com/x.gif onerror=1")).toBe(false);
  });
});

describe("parseMentions", () => {
  it("finds @names at the start or after whitespace, with the index of the '@'", () => {
    expect(parseMentions("@alice hi @bob_2\nand\t@carol.d-e")).toEqual([
      { username: "alice", position: 0 },
      { username: "bob_2", position: 10 },
      { username: "carol.d-e", position: 21 },
    ]);
  });

  it("ignores e-mail addresses and a bare @, and drops trailing punctuation", () => {
    expect(parseMentions("mail me@example.com or @ now")).toEqual([]);
    expect(parseMentions("thanks @alice. and @bob-")).toEqual([
      { username: "alice", position: 7 },
      { username: "bob", position: 19 },
    ]);
    expect(parseMentions("@...")).toEqual([]);
  });

  it("keeps every occurrence, so each can be linked where it stands", () => {
    expect(parseMentions("@a @a")).toEqual([
      { username: "a", position: 0 },
      { username: "a", position: 3 },
    ]);
  });
});

describe("postPreview and postShareText", () => {
  it("cuts over 300 characters with '...'", () => {
    expect(postPreview("a".repeat(300))).toEqual({ text: "a".repeat(300), truncated: false });
    expect(postPreview("a".repeat(301))).toEqual({ text: `${"a".repeat(300)}...`, truncated: true });
  });

  it("shares the first 100 characters without splitting an emoji", () => {
    expect(postShareText("b".repeat(150))).toBe("b".repeat(100));
    expect(postShareText(`${"c".repeat(99)}🚀 more`)).toBe("c".repeat(99));
    expect(postShareText("short")).toBe("short");
  });
});
