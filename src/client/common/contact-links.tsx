/** A student's Instagram handle as a link to their profile (opens in a new tab), or nothing. */
export function instagramLink(handle: string | null) {
  if (!handle) return null;
  const clean = handle.replace(/^@/, '');
  return (
    <a href={`https://www.instagram.com/${encodeURIComponent(clean)}/`} rel="noopener noreferrer" target="_blank">
      @{clean}
      <span className="visually-hidden"> (Instagram, opens in a new tab)</span>
    </a>
  );
}

/** A phone number as a tel: link. */
export function phoneLink(phone: string | null) {
  if (!phone) return null;
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>;
}
