import { BaseSequencer } from 'vitest/node';

export declare const LONGEST_FILES: string[];
export declare class LongestFirstSequencer extends BaseSequencer {}
