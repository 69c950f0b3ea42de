import { EXTENSION_BY_MIME, FILE_RULES, type TFileKind } from "@plugs/domain";

/**
 * A file input's `accept` list for these kinds, from the domain's file rules, so the picker offers what the server
 * takes. `extensionsOf` adds those kinds' extensions too: some systems give documents no MIME type.
 */
export function fileAccept(kinds: readonly TFileKind[], extensionsOf: readonly TFileKind[] = []): string {
  const mimes = kinds.flatMap((kind) => FILE_RULES[kind].mimes);
  const extensions = extensionsOf.flatMap((kind) =>
    FILE_RULES[kind].mimes.map((mime) => `.${EXTENSION_BY_MIME[mime]}`),
  );
  return [...mimes, ...extensions].join(",");
}
