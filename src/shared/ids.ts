/** Record ids are UUIDs: one check for every place that must tell a well-formed id from anything else. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID (any version): a malformed id then answers as a missing record, not an error. */
export const isUuid = (value: string): boolean => UUID.test(value);
