import { isStorableText, M } from "@plugs/domain";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv } from "../context.ts";
import { AppError } from "../errors.ts";

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * Refuses, before any route (better-auth's included) reads it, text that no database can store: a NUL or a lone
 * UTF-16 surrogate in the URL's path or query, or anywhere in a JSON body (keys and values). One place for every
 * route, present and to come: 400 'Input contains invalid characters', naming the field. Multipart fields are
 * checked by their schemas (`zText` in the domain), so an upload is not read twice.
 */
export function storableTextOnly(): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let field = pathField(url.pathname) ?? queryField(url.searchParams);
    if (field === null && c.req.raw.body && JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      // A clone, so that the route (or better-auth) still reads the body itself; JSON bodies are held to 1 MB.
      const text = await c.req.raw.clone().text();
      field = jsonField(text);
    }
    if (field !== null) {
      throw new AppError("VALIDATION", M.kols.invalidCharacters, {
        fields: { [field]: M.kols.invalidCharacters },
      });
    }
    await next();
  };
}

function pathField(pathname: string): string | null {
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue; // Not UTF-8: the route answers for it as it does today.
    }
    if (!isStorableText(decoded)) return "path";
  }
  return null;
}

function queryField(params: URLSearchParams): string | null {
  for (const [key, value] of params) {
    if (!isStorableText(key)) return "query";
    if (!isStorableText(value)) return key;
  }
  return null;
}

/** The dotted path of the first bad string in a JSON document, `_` for the top level; null when all is well. */
function jsonField(text: string): string | null {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return null; // Malformed JSON: the route's validator says so.
  }
  const walk = (value: unknown, path: string[]): string | null => {
    if (typeof value === "string") return isStorableText(value) ? null : path.join(".") || "_";
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = walk(value[i], [...path, String(i)]);
        if (found !== null) return found;
      }
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return path.join(".") || "_";
        const found = walk(item, [...path, key]);
        if (found !== null) return found;
      }
    }
    return null;
  };
  return walk(document, []);
}
