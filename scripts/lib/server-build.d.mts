export const serverBundle: string;
export function serverBuildIsStale(): boolean;
export function ensureServerBuilt(): boolean;
