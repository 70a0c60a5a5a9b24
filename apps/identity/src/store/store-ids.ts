const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from callers; a malformed one would make Postgres throw on a uuid column, so it simply matches nothing. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
