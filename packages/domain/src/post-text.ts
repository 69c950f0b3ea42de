// Post limits, feed names and the text rules the feed draws with, without zod, so showing posts does not load the
// schemas (posts.ts has those).

/** The spec's numbers for posts and the feed (section 9), plus our content cap. */
export const POST_LIMITS = {
  /** Uploaded files and GIFs together. */
  maxAttachments: 4,
  /** A picture's description for people who cannot see it (X allows 1,000 characters too). */
  altTextMax: 1000,
  maxContentLength: 5000,
  previewLength: 300,
  shareLength: 100,
  feedPageSize: 10,
  maxPageSize: 50,
  gifSearchLimit: 30,
  mentionSuggestions: 7,
} as const;

/**
 * Only GIPHY's media hosts (media.giphy.com, media0..4.giphy.com) over https, with no port, credentials, spaces or
 * backslashes: the URL is shown to every reader of the post.
 */
export function isGiphyMediaUrl(value: string): boolean {
  return /^https:\/\/media\d*\.giphy\.com\/[^\s\\]*$/i.test(value);
}

export const FEED_TABS = ["all", "following"] as const;
export const FEED_SORTS = ["newest", "popular"] as const;
export type TFeedTab = (typeof FEED_TABS)[number];
export type TFeedSort = (typeof FEED_SORTS)[number];

export type TParsedMention = { username: string; position: number };

/**
 * Finds @mentions: '@' at the start of the text or after whitespace, followed by word characters, dots or hyphens
 * (the spec's rule). `position` is the index of the '@'. Dots and hyphens that end a mention are punctuation
 * ("thanks @alice.") and are not part of the name.
 */
export function parseMentions(text: string): TParsedMention[] {
  const found: TParsedMention[] = [];
  for (const match of text.matchAll(/(^|\s)@([\w.-]+)/g)) {
    const username = (match[2] ?? "").replace(/[.-]+$/, "");
    if (username) found.push({ username, position: (match.index ?? 0) + (match[1] ?? "").length });
  }
  return found;
}

/** The first `length` UTF-16 units of `text`, never splitting a surrogate pair (an emoji) in half. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

/** The feed's preview: over 300 characters the text is cut with '...' and the post shows 'Read more'. */
export function postPreview(content: string): { text: string; truncated: boolean } {
  if (content.length <= POST_LIMITS.previewLength) return { text: content, truncated: false };
  return { text: `${cut(content, POST_LIMITS.previewLength)}...`, truncated: true };
}

/** The text handed to the system share sheet: the post's first 100 characters. */
export function postShareText(content: string): string {
  return cut(content, POST_LIMITS.shareLength);
}
