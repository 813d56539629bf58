/**
 * Scam warnings (issue 30): which messages ask for money the way housing scams do (a deposit or a
 * wire before any viewing, a landlord abroad, gift cards, payment apps, crypto). The rules are data,
 * in the college config (`scamWarnings`); these are the defaults. A message is checked when it is
 * read, never stored as flagged, so a college that changes its words changes every message's note.
 *
 * A rule names categories that must all appear in one message. One cue alone is rarely enough:
 * "rent is split via Venmo after we sign the lease" names money and nothing else, so it passes;
 * "Zelle me the deposit, I am abroad and will mail you the keys" names money and a reason the place
 * cannot be seen first. Ways to pay that no roommate needs (gift cards, Western Union, a wire) warn
 * on their own.
 *
 * Phrases are words in order, compared after folding case, accents, punctuation and invisible
 * characters; a word ending in `*` matches every word that begins with it (`deposit*`: deposit,
 * deposits); a currency sign is the word `$`; apostrophes vanish (`I'm` is `im`). Pure: no Node or
 * DOM, cheap enough for every message of a page (compiled once, then one pass over the words).
 */

export interface ScamCue {
  /** A name the rules use (letters, digits, dashes). */
  category: string;
  phrases: string[];
}

export interface ScamWarningRules {
  cues: ScamCue[];
  /** Each entry: categories that, all found in one message, show its reader the note. */
  warnWhen: string[][];
}

export const DEFAULT_SCAM_WARNING_RULES: ScamWarningRules = {
  cues: [
    {
      // Ways to pay that cannot be taken back and that renting a room never needs: warn alone.
      category: 'untraceable-payment',
      phrases: [
        'gift card*',
        'giftcard*',
        'itunes card*',
        'google play card*',
        'steam card*',
        'prepaid card*',
        'western union',
        'westernunion',
        'moneygram*',
        'money gram*',
        'wire transfer*',
        'bank wire*',
        'wire the',
        'wire me',
        'wire you',
        'wire it',
        'wire money',
        'wire funds',
        'wire payment*',
        'paypal friends and family',
        'paypal f and f',
      ],
    },
    {
      category: 'crypto',
      phrases: ['bitcoin*', 'btc', 'crypto*', 'usdt', 'tether', 'ethereum', 'litecoin', 'coinbase', 'binance'],
    },
    {
      // Asking for money, an amount, a payment app. Alone this is ordinary talk among roommates
      // (splitting the rent, the pizza); with a cue of the next category it is the scam's request.
      category: 'money',
      phrases: [
        'deposit*',
        'pay',
        'pays',
        'paying',
        'paid',
        'payed',
        'payment*',
        'paypal',
        'zelle*',
        'venmo*',
        'cash app',
        'cashapp',
        'apple pay',
        'cash',
        'money order*',
        'cashiers check*',
        'certified check*',
        'send money',
        'send the money',
        'transfer the money',
        'bank transfer*',
        'e transfer*',
        'etransfer*',
        'first month*',
        'last month*',
        'months rent',
        'the rent',
        'holding fee*',
        'application fee*',
        'reservation fee*',
        'booking fee*',
        '$',
        'dollar*',
        'usd',
      ],
    },
    {
      // Why the place cannot, or need not, be seen first: the landlord away, the keys by post,
      // money to hold it, a viewing replaced or skipped.
      category: 'no-viewing',
      phrases: [
        'before viewing',
        'before the viewing',
        'before a viewing',
        'before any viewing',
        'before you see*',
        'before seeing',
        'before you view*',
        'before you visit*',
        'before the tour',
        'without seeing',
        'without viewing',
        'without a viewing',
        'no viewing*',
        'no need to see',
        'sight unseen',
        'cant meet in person',
        'cannot meet in person',
        'unable to meet in person',
        'virtual tour*',
        'video tour*',
        'mail you the key*',
        'mail the key*',
        'send you the key*',
        'send the key*',
        'ship the key*',
        'ship you the key*',
        'post the key*',
        'courier the key*',
        'keys will be mailed',
        'keys will be sent',
        'keys will be shipped',
        'keys by mail',
        'abroad',
        'overseas',
        'out of the country',
        'outside the country',
        'out of the us',
        'out of the u s',
        'out of the states',
        'missionary',
        'on a mission',
        'deployed',
        'offshore',
        'to hold the room',
        'to hold the apartment',
        'to hold it',
        'to reserve the room',
        'to reserve it',
        'to secure the room',
        'to secure the apartment',
        'to secure it',
        'room is yours',
        'place is yours',
        'apartment is yours',
      ],
    },
  ],
  warnWhen: [['untraceable-payment'], ['crypto', 'money'], ['crypto', 'no-viewing'], ['money', 'no-viewing']],
};

/** One word of a phrase: the whole word, or (prefix) any word that begins with it. */
interface PhraseWord {
  text: string;
  prefix: boolean;
}

interface CompiledPhrase {
  category: string;
  words: PhraseWord[];
}

/** Apostrophes (straight, curly, modifier, backtick, acute) join the word around them. */
const APOSTROPHES = /['’‘ʼ`´]/g;

/**
 * Text as the words the rules compare: case folded, compatibility forms and accents removed,
 * invisible characters (zero-width spaces that split "Zel​le") dropped, every currency sign the
 * word `$`, everything else that is not a letter or digit a space.
 */
export function scamWords(text: string): string[] {
  let folded = text.toLowerCase();
  // Most messages are printable ASCII and spaces: only the others need Unicode's folding.
  if (!/^[ -~\s]*$/.test(folded)) {
    folded = folded
      .normalize('NFKC')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\p{M}\p{Cf}]/gu, '')
      .replace(/\p{Sc}/gu, '$');
  }
  return (
    folded
      .replace(APOSTROPHES, '')
      .replace(/&/g, ' and ')
      .match(/[\p{L}\p{N}]+|\$/gu) ?? []
  );
}

/** A phrase as words; a trailing `*` makes its last word a prefix. Empty when nothing is left to match. */
export function phraseWords(phrase: string): PhraseWord[] {
  const words: PhraseWord[] = [];
  for (const part of phrase.trim().split(/\s+/)) {
    const prefix = part.endsWith('*');
    const folded = scamWords(prefix ? part.slice(0, -1) : part);
    folded.forEach((text, i) => {
      words.push({ text, prefix: prefix && i === folded.length - 1 });
    });
  }
  return words;
}

const wordMatches = (word: string, want: PhraseWord) => (want.prefix ? word.startsWith(want.text) : word === want.text);

export interface ScamCheck {
  /** The categories whose phrases the text contains. */
  categoriesIn(text: string): Set<string>;
  /** Whether the text meets one of the rules: its reader is shown the safety note. */
  warns(text: string): boolean;
}

/**
 * Compiles a college's rules once; the check then makes one pass over a message's words, looking
 * each word (and its beginnings, for phrases that start with a prefix) up in a map.
 */
export function createScamCheck(rules: ScamWarningRules): ScamCheck {
  /** Phrases by their first word; those whose first word is a prefix, by that prefix. */
  const byFirstWord = new Map<string, CompiledPhrase[]>();
  const byFirstPrefix = new Map<string, CompiledPhrase[]>();
  for (const cue of rules.cues) {
    for (const phrase of cue.phrases) {
      const words = phraseWords(phrase);
      const first = words[0];
      if (!first) continue;
      const index = first.prefix ? byFirstPrefix : byFirstWord;
      index.set(first.text, [...(index.get(first.text) ?? []), { category: cue.category, words }]);
    }
  }
  const prefixLengths = [...new Set([...byFirstPrefix.keys()].map((prefix) => prefix.length))];
  const rulesInUse = rules.warnWhen.filter((rule) => rule.length > 0);

  const at = (words: string[], start: number, phrase: CompiledPhrase) =>
    phrase.words.every((want, j) => {
      const word = words[start + j];
      return word !== undefined && wordMatches(word, want);
    });

  function categoriesIn(text: string): Set<string> {
    const words = scamWords(text);
    const found = new Set<string>();
    const look = (phrases: CompiledPhrase[] | undefined, i: number) => {
      for (const phrase of phrases ?? []) {
        if (!found.has(phrase.category) && at(words, i, phrase)) found.add(phrase.category);
      }
    };
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      look(byFirstWord.get(word), i);
      for (const length of prefixLengths) {
        if (length <= word.length) look(byFirstPrefix.get(word.slice(0, length)), i);
      }
    }
    return found;
  }

  return {
    categoriesIn,
    warns(text) {
      if (rulesInUse.length === 0) return false;
      const found = categoriesIn(text);
      return rulesInUse.some((rule) => rule.every((category) => found.has(category)));
    },
  };
}
