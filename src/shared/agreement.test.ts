import { describe, expect, it } from 'vitest';
import { activeClauses, DEFAULT_CLAUSES, draftAgreement, listInWords } from './agreement';
import { type AnswerMap, activeQuestions, DEFAULT_QUESTIONS, type LifestyleQuestion, toAnswerMap } from './lifestyle';
import { agreementConfigSchema } from './schemas/agreement';

const questions = DEFAULT_QUESTIONS;
const clauses = activeClauses(undefined);

/** A member who is `self` on every question given, and can live with anything. */
const member = (answers: Record<string, string>, asked: readonly LifestyleQuestion[] = questions): AnswerMap =>
  toAnswerMap(
    Object.entries(answers).map(([question, self]) => ({
      question,
      self,
      accept: asked.find((q) => q.key === question)?.options.map((o) => o.key) ?? [self],
      importance: 'somewhat' as const,
    })),
  );

const clause = (drafted: ReturnType<typeof draftAgreement>, key: string) => {
  const found = drafted.find((c) => c.key === key);
  if (!found) throw new Error(`no clause ${key}`);
  return found;
};

const drawnFromQuestions = DEFAULT_CLAUSES.filter((c) => c.question);

describe('draftAgreement: every topic', () => {
  it('has a clause for every default question, and standing clauses for locking up and raising a problem', () => {
    expect(drawnFromQuestions.map((c) => c.question).sort()).toEqual(questions.map((q) => q.key).sort());
    const drafted = draftAgreement({ questions, clauses, members: [member({})], offCampus: false });
    expect(clause(drafted, 'locking-up')).toMatchObject({ status: 'standing', title: 'Locking up' });
    expect(clause(drafted, 'raising-a-problem')).toMatchObject({ status: 'standing', title: 'Raising a problem' });
  });

  for (const template of drawnFromQuestions) {
    const question = questions.find((q) => q.key === template.question);
    if (!question) throw new Error(`no question ${template.question}`);
    const options = question.options;

    it(`${template.title}: the same answer from everyone fills the clause in, for every answer`, () => {
      for (const option of options) {
        const members = [1, 2, 3].map(() => member({ [question.key]: option.key }));
        const drafted = clause(draftAgreement({ questions, clauses, members, offCampus: false }), template.key);
        expect(drafted.status).toBe('agreed');
        expect(drafted.text).toBe(template.agreed?.[option.key]);
        expect(drafted.difference).toBeUndefined();
      }
    });

    it(`${template.title}: differing answers are to discuss, with the difference and a suggested middle`, () => {
      const first = options[0];
      const last = options[options.length - 1];
      if (!first || !last) throw new Error('options');
      const members = [member({ [question.key]: last.key }), member({ [question.key]: first.key })];
      const drafted = clause(draftAgreement({ questions, clauses, members, offCampus: false }), template.key);
      expect(drafted.status).toBe('to-discuss');
      expect(drafted.difference).toBe(`Your answers on ${question.topic} differ: ${first.label} and ${last.label}.`);
      expect(drafted.text.length).toBeGreaterThan(20);
      expect(drafted.text).not.toMatch(/[{}]/);
    });
  }

  it('suggests the middle from the answers given: quiet hours from the earliest bedtime, cleaning half-way', () => {
    const members = [
      member({ bedtime: 'after-1', cleanliness: 'spotless' }),
      member({ bedtime: '11-to-12', cleanliness: 'messy' }),
      member({ bedtime: 'after-1', cleanliness: 'tidy' }),
    ];
    const drafted = draftAgreement({ questions, clauses, members, offCampus: false });
    expect(clause(drafted, 'quiet-hours').text).toBe(
      'Quiet hours start at the earliest bedtime among us (between 11 pm and midnight); whoever stays up later uses headphones and a small light.',
    );
    expect(clause(drafted, 'quiet-hours').difference).toBe(
      'Your answers on bedtime differ: between 11 pm and midnight and after 1 am.',
    );
    // spotless .. messy: half-way is 'tidy' (index 1 of 0..3).
    expect(clause(drafted, 'cleaning').text).toBe(
      'Shared spaces are kept tidy, on a weekly rota; each keeps their own side as they like.',
    );
    expect(clause(drafted, 'cleaning').difference).toBe(
      'Your answers on keeping the room tidy differ: spotless, tidy and messy.',
    );
  });

  it('is to discuss when not everyone has answered, or nobody has', () => {
    const drafted = draftAgreement({
      questions,
      clauses,
      members: [member({ noise: 'quiet' }), member({})],
      offCampus: false,
    });
    expect(clause(drafted, 'noise')).toEqual({
      key: 'noise',
      title: 'Noise in the room',
      status: 'to-discuss',
      text: 'The room is a quiet place: music and calls through headphones.',
      difference: 'Not all of you have answered the question on noise in the room yet.',
    });
    expect(clause(drafted, 'guests')).toMatchObject({
      status: 'to-discuss',
      text: '',
      difference: 'None of you has answered the question on guests yet.',
    });
  });

  it('never says who gave which answer', () => {
    const drafted = draftAgreement({
      questions,
      clauses,
      members: [member({ smoking: 'inside' }), member({ smoking: 'never' })],
      offCampus: false,
    });
    expect(clause(drafted, 'smoking').difference).toBe(
      'Your answers on smoking and vaping differ: no smoking or vaping and smoking or vaping indoors.',
    );
  });
});

describe('draftAgreement: the money clauses', () => {
  const keys = (offCampus: boolean) =>
    draftAgreement({ questions, clauses, members: [member({})], offCampus }).map((c) => c.key);

  it('drafts rent, utilities, deposit and moving out for an off-campus group only', () => {
    const money = ['rent', 'utilities', 'deposit', 'moving-out'];
    expect(keys(true)).toEqual(expect.arrayContaining(money));
    for (const key of money) expect(keys(false)).not.toContain(key);
    const drafted = draftAgreement({ questions, clauses, members: [member({})], offCampus: true });
    expect(clause(drafted, 'utilities')).toMatchObject({ status: 'standing', title: 'Utilities' });
    expect(clause(drafted, 'utilities').text).toContain('in the name of one of us');
  });
});

describe("a college's own clauses", () => {
  const lateNights: LifestyleQuestion = {
    key: 'late-nights',
    topic: 'late nights out',
    prompt: 'How often are you out late?',
    livePrompt: 'Which could you live with?',
    options: [
      { key: 'never', label: 'never' },
      { key: 'sometimes', label: 'sometimes' },
      { key: 'often', label: 'often' },
    ],
  };
  const asked = activeQuestions({ removeQuestions: ['temperature'], addQuestions: [lateNights] });
  const config = agreementConfigSchema.parse({
    removeClauses: ['social'],
    clauses: [
      { key: 'locking-up', title: 'Keys and cards', text: 'Lost cards are reported to the front desk at once.' },
      {
        key: 'late-nights',
        title: 'Coming home late',
        question: 'late-nights',
        agreed: { never: 'Nobody comes home after midnight.' },
        suggestion: 'Whoever comes home late ({last}) comes in quietly.',
      },
      { key: 'bikes', title: 'Bikes', text: 'Bikes stay in the bike room.', offCampusOnly: false },
    ],
  });
  const active = activeClauses(config);

  it('replaces a default clause in place, removes one and adds its own at the end', () => {
    const keys = active.map((c) => c.key);
    expect(keys).not.toContain('social');
    expect(keys.indexOf('locking-up')).toBe(DEFAULT_CLAUSES.findIndex((c) => c.key === 'locking-up') - 1);
    expect(keys.slice(-2)).toEqual(['late-nights', 'bikes']);
    const drafted = draftAgreement({ questions: asked, clauses: active, members: [member({})], offCampus: false });
    expect(clause(drafted, 'locking-up')).toEqual({
      key: 'locking-up',
      title: 'Keys and cards',
      status: 'standing',
      text: 'Lost cards are reported to the front desk at once.',
    });
    expect(clause(drafted, 'bikes').status).toBe('standing');
  });

  it('drafts its clause from its own question, agreed and differing; a question it no longer asks drafts nothing', () => {
    const agree = draftAgreement({
      questions: asked,
      clauses: active,
      members: [member({ 'late-nights': 'never' }, asked), member({ 'late-nights': 'never' }, asked)],
      offCampus: false,
    });
    expect(clause(agree, 'late-nights')).toMatchObject({ status: 'agreed', text: 'Nobody comes home after midnight.' });
    const differ = draftAgreement({
      questions: asked,
      clauses: active,
      members: [member({ 'late-nights': 'never' }, asked), member({ 'late-nights': 'often' }, asked)],
      offCampus: false,
    });
    expect(clause(differ, 'late-nights')).toMatchObject({
      status: 'to-discuss',
      text: 'Whoever comes home late (often) comes in quietly.',
      difference: 'Your answers on late nights out differ: never and often.',
    });
    // An answer with no text of its own falls back to the topic and the answer.
    const sometimes = draftAgreement({
      questions: asked,
      clauses: active,
      members: [member({ 'late-nights': 'sometimes' }, asked)],
      offCampus: false,
    });
    expect(clause(sometimes, 'late-nights').text).toBe('Late nights out: sometimes.');
    expect(agree.map((c) => c.key)).not.toContain('temperature');
  });

  it('refuses a clause with neither a question nor a text, and a repeated key', () => {
    expect(agreementConfigSchema.safeParse({ clauses: [{ key: 'x', title: 'X' }] }).success).toBe(false);
    const repeated = { key: 'x', title: 'X', text: 'x' };
    expect(agreementConfigSchema.safeParse({ clauses: [repeated, repeated] }).success).toBe(false);
    expect(agreementConfigSchema.safeParse({ removeClauses: ['nope'] }).success).toBe(false);
  });
});

describe('listInWords', () => {
  it('joins with commas and a final and', () => {
    expect([listInWords([]), listInWords(['a']), listInWords(['a', 'b']), listInWords(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});
