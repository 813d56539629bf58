import { describe, expect, it } from 'vitest';
import { createScamCheck, DEFAULT_SCAM_WARNING_RULES, phraseWords, scamWords } from './scam-warnings';

const check = createScamCheck(DEFAULT_SCAM_WARNING_RULES);

/**
 * Wording of the housing scams students report (college off-campus housing offices' and the FTC's
 * published examples, retyped the way they arrive: capitals, missing apostrophes, symbols).
 */
const SCAMS = [
  'Hello, I am currently in West Africa on a missionary work with my family, so I cannot show you the apartment. Send the first month’s rent and I will mail you the keys.',
  'Due to my job I relocated overseas. Once the deposit is received the keys will be shipped to you.',
  'I will need you to send a deposit of $500 via Western Union.',
  'Payment is by WESTERN UNION or MoneyGram only!!!',
  'Please buy 3 Apple gift cards of $200 each and send me pictures of the codes.',
  'We accept Google Play cards or Steam cards for the holding fee.',
  'Kindly wire the deposit to my account and I will send you the keys by courier.',
  'Send the security deposit by wire transfer, then the room is yours.',
  'ZELLE ME THE DEPOSIT and the room is yours',
  'Zelle me $400 to hold the room, Im out of the country till June',
  "I'm abroad right now for work. Venmo the first month's rent and I'll mail the keys.",
  'i’m out of the country — paypal the deposit & i’ll post the keys',
  'Deposit before viewing is required, no exceptions.',
  'You need to pay the deposit before you see the room because many people want it.',
  'I accept Bitcoin or USDT for the deposit.',
  'Send 0.01 BTC to this wallet and I will send you the key.',
  'We can do a video tour on FaceTime, then Cash App me the $300 reservation fee.',
  'Pay via PayPal friends & family so there are no fees.',
  'The apartment can be rented sight unseen, just send $1,200 USD.',
  'Yes it is available. I am deployed overseas with the Navy, you can Zelle the first and last month and I will ship you the keys.',
  // Invisible and compatibility characters do not hide a word.
  'Send the deposit via Zel\u200ble, I am ab\u00adroad.',
  'Pay with ＧＩＦＴ ＣＡＲＤＳ only.',
  'Once paid, I will mail the keys to your address.',
];

/** What roommates and groups really write: money talk with the place seen, plans, questions. */
const ORDINARY = [
  'Rent is split via Venmo after we sign the lease.',
  'Can you Venmo me $12 for the pizza?',
  'Hey! Is the room still available? When can I come see it?',
  'The deposit is $500 and we can show you the place on Saturday.',
  "I'm studying abroad in the spring, so I'd only need the room for the fall.",
  'My parents live overseas, they will visit in May.',
  'Utilities are around $60 a month each; we pay the landlord on the 1st by bank check.',
  "We're all juniors, quiet on weeknights, and we love cooking together.",
  'Can we tour Friday? I would like to see it before paying anything.',
  "I'm out of town this weekend but my roommate can show you the room.",
  'I am into crypto and coding, lol.',
  'The Wi-Fi router wire in the living room is loose.',
  'Can I hold the room until I see it on Sunday?',
  'We split the security deposit four ways when we signed, and Venmo each other for groceries.',
  'Zelle works for me too, whatever is easiest once we are all on the lease.',
  'I got a $25 Amazon card for my birthday, want to order snacks?',
  'Our landlord takes the rent by check on the first of the month.',
  "I'm a transfer student, moving in August.",
  'The study abroad office said the fees are due Friday.',
  "Let's meet at the dining hall at 6, I can show you the apartment after.",
  'We pay the landlord by check or money order; I paid my part of the deposit after we toured.',
  '',
];

describe('scam warnings: the default rules', () => {
  it.each(SCAMS)('warns its reader about: %s', (text) => {
    expect(check.warns(text), [...check.categoriesIn(text)].join(', ')).toBe(true);
  });

  it.each(ORDINARY)('says nothing about: %s', (text) => {
    expect(check.warns(text), [...check.categoriesIn(text)].join(', ')).toBe(false);
  });

  it('names the categories a message meets', () => {
    expect([...check.categoriesIn('Zelle me $400, I am abroad')].sort()).toEqual(['money', 'no-viewing']);
    expect([...check.categoriesIn('Western Union only')]).toEqual(['untraceable-payment']);
    expect([...check.categoriesIn('See you Friday!')]).toEqual([]);
  });
});

describe('scam warnings: the rules are data', () => {
  it('a college can add its own words and combinations', () => {
    const college = createScamCheck({
      cues: [
        { category: 'money', phrases: ['interac*', 'e transfer*'] },
        { category: 'away', phrases: ['in europe'] },
      ],
      warnWhen: [['money', 'away']],
    });
    expect(college.warns('Send it by Interac e-Transfer, I am in Europe until May.')).toBe(true);
    expect(college.warns('Send it by Interac e-Transfer.')).toBe(false);
    // Only its own rules: the defaults are replaced, not added to.
    expect(college.warns('Western Union only')).toBe(false);
  });

  it('no rules, or a rule naming nothing, warn about nothing', () => {
    expect(createScamCheck({ cues: DEFAULT_SCAM_WARNING_RULES.cues, warnWhen: [] }).warns('Western Union')).toBe(false);
    expect(createScamCheck({ cues: [], warnWhen: [[]] }).warns('Western Union')).toBe(false);
  });

  it('matches whole words, a trailing * as the start of a word', () => {
    const rules = createScamCheck({ cues: [{ category: 'x', phrases: ['pay', 'deposit*'] }], warnWhen: [['x']] });
    expect(rules.warns('Please PAY.')).toBe(true);
    expect(rules.warns('Deposits!')).toBe(true);
    expect(rules.warns('The paycheck came')).toBe(false);
    expect(rules.warns('A redeposit')).toBe(false);
  });
});

describe('scam warnings: words', () => {
  it('fold case, accents, apostrophes, punctuation, currency signs and invisible characters', () => {
    expect(scamWords("I'M  Abroád—Zel\u200ble me £50!")).toEqual(['im', 'abroad', 'zelle', 'me', '$', '50']);
    expect(scamWords('friends & family')).toEqual(['friends', 'and', 'family']);
  });

  it('take any text a message may hold without failing', () => {
    const hostile = [
      '\ud800 lone \udfff surrogates',
      '\u0000\u0007'.repeat(500),
      'e\u0301'.repeat(1000),
      '\u202e'.repeat(2000),
    ];
    for (const text of hostile) expect(check.warns(text)).toBe(false);
  });

  it('read a phrase the same way, a trailing * making its last word a prefix', () => {
    expect(phraseWords("first month's*")).toEqual([
      { text: 'first', prefix: false },
      { text: 'months', prefix: true },
    ]);
    expect(phraseWords('!!!')).toEqual([]);
  });
});
