import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoolean, parseEpisodeList, parseInteger, parsePath } from '../src/index.js';

/** Spaces, tabs and newlines that a shell or a scheduler's config file may leave around a value. */
const padding = fc.stringMatching(/^[ \t\n\r]{0,3}$/);
const randomCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
const padded = (text: fc.Arbitrary<string>) =>
  fc.tuple(padding, text, padding).map(([before, t, after]) => before + t + after);

describe('parseBoolean', () => {
  const TRUE = ['1', 'true', 'yes', 'on'];
  const FALSE = ['0', 'false', 'no', 'off'];

  it('reads every accepted word in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRUE).chain(randomCase), (text) => {
        expect(parseBoolean(text)).toEqual({ ok: true, value: true });
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...FALSE).chain(randomCase), (text) => {
        expect(parseBoolean(text)).toEqual({ ok: true, value: false });
      }),
    );
  });

  it('refuses an accepted word with spaces around it, saying so', () => {
    fc.assert(
      fc.property(padded(fc.constantFrom(...TRUE, ...FALSE).chain(randomCase)), (text) => {
        fc.pre(text !== text.trim());
        expect(parseBoolean(text)).toEqual({
          ok: false,
          expected: 'a boolean: 1/true/yes/on or 0/false/no/off (any case), with no spaces around it',
        });
      }),
    );
  });

  it('rejects anything else and says what is allowed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(![...TRUE, ...FALSE].includes(text.trim().toLowerCase()));
        const result = parseBoolean(text);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.expected).toMatch(/1\/true\/yes\/on or 0\/false\/no\/off/);
      }),
    );
    for (const junk of [
      '',
      ' ',
      'y',
      'n',
      't',
      'f',
      'enabled',
      '2',
      '-1',
      '01',
      'true1',
      'tru e',
      'oui',
      'null',
    ]) {
      expect(parseBoolean(junk).ok, junk).toBe(false);
    }
  });
});

describe('parseInteger', () => {
  it('reads digits with leading zeros as the number they spell', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.nat({ max: 3 }), (n, zeros) => {
        expect(parseInteger('0'.repeat(zeros) + String(n))).toEqual({ ok: true, value: n });
      }),
    );
  });

  it('refuses digits with spaces around them (" 5 "), saying so', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), padding, padding, (n, a, b) => {
        fc.pre(a + b !== '');
        expect(parseInteger(a + String(n) + b, { min: 0, max: 1000 })).toEqual({
          ok: false,
          expected: 'an integer from 0 to 1000 (digits only), with no spaces around it',
        });
      }),
    );
  });

  it('accepts exactly the values inside the range', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), fc.nat({ max: 1000 }), fc.nat({ max: 1000 }), (n, x, y) => {
        const [min, max] = x <= y ? [x, y] : [y, x];
        const result = parseInteger(String(n), { min, max });
        expect(result.ok).toBe(n >= min && n <= max);
        if (result.ok) expect(result.value).toBe(n);
        else expect(result.expected).toBe(`an integer from ${min} to ${max} (digits only)`);
      }),
    );
  });

  it('rejects every text that is not digits only', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^[0-9]+$/.test(text.trim()));
        expect(parseInteger(text).ok).toBe(false);
      }),
    );
    // Each of these is accepted, at least in part, by Number() or parseInt().
    for (const junk of [
      '10abc',
      '1e3',
      '2.5',
      '-1',
      '+1',
      '0x10',
      '1_000',
      '1,000',
      '',
      ' ',
      'Infinity',
      'NaN',
      '٣',
      '１',
    ]) {
      expect(parseInteger(junk).ok, junk).toBe(false);
    }
  });

  it('rejects integers beyond what a double holds exactly', () => {
    expect(parseInteger(String(Number.MAX_SAFE_INTEGER))).toEqual({
      ok: true,
      value: Number.MAX_SAFE_INTEGER,
    });
    expect(parseInteger('9007199254740992').ok).toBe(false);
    expect(parseInteger('9'.repeat(400)).ok).toBe(false);
    expect(parseInteger('9007199254740993', { max: Number.POSITIVE_INFINITY }).ok).toBe(false);
    expect(parseInteger('9'.repeat(400), { max: Number.POSITIVE_INFINITY }).ok).toBe(false);
  });
});

describe('parseEpisodeList', () => {
  it('reads any list of episode indices as sorted, duplicate-free numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 1e9 }), padding, padding)), (items) => {
        fc.pre(items.length > 0);
        const text = items.map(([n, a, b]) => a + n + b).join(',');
        fc.pre(text === text.trim()); // spaces around the whole list are refused (below)
        const expected = [...new Set(items.map(([n]) => n))].sort((a, b) => a - b);
        expect(parseEpisodeList(text)).toEqual({ ok: true, value: expected });
      }),
    );
  });

  it('is idempotent: the list it returns, joined, reads back to itself', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1 }), (episodes) => {
        const once = parseEpisodeList(episodes.join(','));
        if (!once.ok) throw new Error('valid list rejected');
        expect(parseEpisodeList(once.value.join(' , '))).toEqual(once);
      }),
    );
  });

  it('reads a blank text as the empty list', () => {
    expect(parseEpisodeList('')).toEqual({ ok: true, value: [] });
    expect(parseEpisodeList('  ')).toEqual({ ok: true, value: [] });
    expect(parseEpisodeList('0, 10,50')).toEqual({ ok: true, value: [0, 10, 50] });
    expect(parseEpisodeList(' 0,10').ok).toBe(false);
  });

  it('rejects a list with any bad item, wherever it is', () => {
    const bad = fc.constantFrom('', ' ', '-1', '2.5', '1e3', 'ten', '10abc', '0x1', '5-7', '1 2');
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 })), bad, fc.nat(), (good, junk, at) => {
        const items = good.map(String);
        items.splice(at % (items.length + 1), 0, junk);
        fc.pre(items.join(',').trim() !== '' && items.join(',') === items.join(',').trim());
        const result = parseEpisodeList(items.join(','));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.expected).toMatch(/comma-separated/);
      }),
    );
    for (const junk of ['0,,10', '0,10,', ',0', '0;10', '0 10', '[0,10]']) {
      expect(parseEpisodeList(junk).ok, junk).toBe(false);
    }
  });
});

describe('parsePath', () => {
  it('keeps any path without NUL verbatim, spaces included', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!text.includes('\0'));
        expect(parsePath(text)).toEqual({ ok: true, value: text });
      }),
    );
  });

  it('rejects a NUL anywhere', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(parsePath(`${a}\0${b}`).ok).toBe(false);
      }),
    );
  });
});
