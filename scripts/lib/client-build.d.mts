export const root: string;
export function clientBuildIsStale(): boolean;
/** The newest modification time of a file, or of anything in a folder, under the repository. */
export function newestMtime(target: string): number;
/** Returns true when it built; exits the process with the build's status when the build fails. */
export function ensureClientBuilt(): boolean;
