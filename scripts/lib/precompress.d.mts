import type { Plugin } from 'vite';
export const PRECOMPRESSED_FILE: RegExp;
export function precompress(): Plugin;
