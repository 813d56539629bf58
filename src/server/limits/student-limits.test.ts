import { describe, expect, it } from 'vitest';
import { STUDENT_LIMITS } from '../../shared/limits';
import { AppError } from '../http/errors';
import { UnrecordedRequests } from './student-limits';

describe('requests that change nothing, counted in memory', () => {
  it('refuses past the kind’s max in its sliding window, per student and kind, and takes more as old ones leave it', () => {
    let now = 1_000_000;
    const counter = new UnrecordedRequests(() => now);
    const { max, windowMs, code } = STUDENT_LIMITS.contactShares;
    for (let i = 0; i < max; i += 1) {
      counter.spend('ana', 'contactShares');
      now += 1_000;
    }
    let refused: unknown;
    try {
      counter.spend('ana', 'contactShares');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).code).toBe(code);
    // Another student, and another kind, have windows of their own.
    expect(() => counter.spend('ben', 'contactShares')).not.toThrow();
    expect(() => counter.spend('ana', 'readMarks')).not.toThrow();
    // A refused request is not counted: once the first request is out of the window, one more fits, not two.
    now = 1_000_000 + windowMs + 1;
    expect(() => counter.spend('ana', 'contactShares')).not.toThrow();
    expect(() => counter.spend('ana', 'contactShares')).toThrow(AppError);
  });
});
