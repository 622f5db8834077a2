/**
 * endsWholeRecord: a last line cut anywhere inside its last cell never proves its end; a last cell closed
 * by its quote, or a JSON object closed by its brace, does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsWholeRecord } from '../src/read/last-line.js';

const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map(String);
const row = fc.tuple(fc.array(number, { minLength: 1, maxLength: 6 }), fc.boolean());

describe('endsWholeRecord', () => {
  it('a row of bare numbers never proves its end, cut or whole (1009 of 1009.5)', () => {
    fc.assert(
      fc.property(row, fc.nat(), ([cells], at) => {
        const line = cells.join(',');
        expect(endsWholeRecord(line.slice(0, 1 + (at % line.length)), 'csv')).toBe(false);
      }),
    );
  });

  it('a quoted row proves its end when whole, never when cut inside its last cell', () => {
    fc.assert(
      fc.property(row, fc.nat(), ([cells, crlf], at) => {
        const line = cells.map((c) => `"${c}"`).join(',');
        expect(endsWholeRecord(`${line}${crlf ? '\r' : ''}`, 'csv')).toBe(true);
        const lastOpens = line.lastIndexOf('"', line.length - 2);
        const cut = lastOpens + 1 + (at % (line.length - lastOpens - 1));
        expect(endsWholeRecord(line.slice(0, cut), 'csv')).toBe(false);
      }),
    );
  });

  it('a JSON object proves its end when closed by its brace; a cut one never parses as one (the caller parses)', () => {
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.dictionary(fc.string(), number, { minKeys: 1 }), fc.nat(), (record, at) => {
        const line = JSON.stringify(record);
        expect(endsWholeRecord(line, 'json')).toBe(true);
        const cut = line.slice(0, at % line.length);
        expect(endsWholeRecord(cut, 'json') && parses(cut)).toBe(false);
      }),
    );
  });
});
