/**
 * A mailto: link to exactly one address. Everything but the '@' is percent-encoded, so an address
 * carrying `?`, `&`, `,` or `%` (`a@bc.edu?bcc=...`, a list) can add no header, recipient or body
 * to the message the visitor's mail program opens (RFC 6068). The server refuses such addresses in
 * postings; this holds for any address shown, whatever stored it.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address.trim()).replaceAll('%40', '@')}`;
}
