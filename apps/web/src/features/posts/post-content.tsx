import type { TPost } from "@plugs/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
// Closing punctuation after a link in prose belongs to the sentence, not the address.
const TRAILING = /[.,;:!?)\]}'"]+$/;

type TToken =
  | { kind: "text"; text: string }
  | { kind: "url"; text: string }
  | { kind: "mention"; text: string; to: string };

/**
 * Splits text into plain runs, links and the mentions the server resolved (by their stored positions), so content is
 * always rendered as text nodes and never as HTML.
 */
export function tokenize(text: string, mentions: TPost["mentions"]): TToken[] {
  const spans: { start: number; end: number; token: TToken }[] = [];
  for (const m of mentions) {
    const label = `@${m.username}`;
    if (text.slice(m.position, m.position + label.length).toLowerCase() !== label.toLowerCase()) continue;
    const to =
      m.type === "kol" ? `/kol/${encodeURIComponent(m.username)}` : `/user/${encodeURIComponent(m.username)}`;
    spans.push({
      start: m.position,
      end: m.position + label.length,
      token: { kind: "mention", text: text.slice(m.position, m.position + label.length), to },
    });
  }
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index ?? 0;
    const end = start + url.length;
    if (spans.some((s) => start < s.end && end > s.start)) continue;
    spans.push({ start, end, token: { kind: "url", text: url } });
  }
  spans.sort((a, b) => a.start - b.start);
  const tokens: TToken[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    if (span.start > at) tokens.push({ kind: "text", text: text.slice(at, span.start) });
    tokens.push(span.token);
    at = span.end;
  }
  if (at < text.length) tokens.push({ kind: "text", text: text.slice(at) });
  return tokens;
}

/** A post's text with its links and @mentions as links; line breaks kept. */
export function PostContent({ text, mentions }: { text: string; mentions: TPost["mentions"] }) {
  const parts: ReactNode[] = tokenize(text, mentions).map((token, i) => {
    const key = `${i}-${token.kind}`;
    if (token.kind === "mention") {
      return (
        <Link key={key} to={token.to} className="font-medium text-accent hover:underline">
          {token.text}
        </Link>
      );
    }
    if (token.kind === "url") {
      return (
        <a
          key={key}
          href={token.text}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="break-all text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
        >
          {token.text}
        </a>
      );
    }
    return token.text;
  });
  return <span className="whitespace-pre-wrap break-words">{parts}</span>;
}
