/**
 * Whether this browser can draw the map: MapLibre GL needs WebGL 2. Asked before the map's code is
 * fetched, so a browser without it downloads nothing it cannot use.
 */
export function canDrawMaps(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2');
    if (!context) return false;
    // Let the context go at once rather than when the canvas is collected (browsers cap their number).
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** Whether the visitor asks for less motion: the map then jumps instead of gliding. */
export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
