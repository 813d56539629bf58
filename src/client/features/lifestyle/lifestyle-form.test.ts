import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTIONS } from '../../../shared/lifestyle';
import { lifestyleFormSchema } from './lifestyle-form';

const schema = lifestyleFormSchema(DEFAULT_QUESTIONS);
const [first, second] = DEFAULT_QUESTIONS;
if (!first || !second) throw new Error('the questionnaire has at least two questions');
const option = (question: typeof first, at: number) => question.options[at]?.key ?? '';

describe('the lifestyle form', () => {
  it('saves the answered questions in the questionnaire order, and leaves blank ones out', () => {
    const read = {
      answers: {
        [second.key]: { self: option(second, 0), accept: [option(second, 0), option(second, 1)], importance: 'very' },
        [first.key]: { self: '', accept: [], importance: 'somewhat' },
      },
    };
    expect(schema.parse(read)).toEqual([
      {
        question: second.key,
        self: option(second, 0),
        accept: [option(second, 0), option(second, 1)],
        importance: 'very',
      },
    ]);
  });

  it("puts what a half-answered question lacks on that question's fields, in its own words", () => {
    const result = schema.safeParse({
      answers: {
        [first.key]: { self: '', accept: [option(first, 0)], importance: 'somewhat' },
        [second.key]: { self: option(second, 1), accept: [], importance: 'somewhat' },
      },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [`answers.${first.key}.self`, `Choose what you are for ${first.topic}.`],
      [`answers.${second.key}.accept`, `Choose at least one answer you can live with for ${second.topic}.`],
    ]);
  });

  it('refuses an option that is not the question’s, as the server does', () => {
    const result = schema.safeParse({ answers: { [first.key]: { self: 'made-up', accept: ['made-up'] } } });
    expect(result.success).toBe(false);
  });
});
