// Conditional GET (RFC 9110 §13.1.2): whether a request's If-None-Match names the current representation, so
// it is answered 304. Weak comparison (a W/ prefix on either side is ignored); `*` matches any current one.

export function ifNoneMatchHolds(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}
