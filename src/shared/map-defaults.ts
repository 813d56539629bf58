/** What a map shows when the college config's map section leaves it out (issue 33). No zod here: the page imports it. */

/** The zoom a map opens at (a neighbourhood, streets readable). */
export const DEFAULT_MAP_ZOOM = 14;
/** The credit a map shows: the tiles a deployer cuts are OpenStreetMap's (docs/operations.md, "Map tiles"). */
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';
