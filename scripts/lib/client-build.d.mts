export const root: string;
export function clientBuildIsStale(): boolean;
/** Returns true when it built; exits the process with the build's status when the build fails. */
export function ensureClientBuilt(): boolean;
