// Names in the order a reader expects: cfg2 before cfg10, seed_9 before seed_10. Runs of digits compare
// as numbers, everything else by code point, so the order is the same on every machine and locale
// (Intl.Collator's numeric order also folds case and accents, per locale).

const PARTS = /(\d+)|(\D+)/g;

/** Compares digit runs by value (then by length: 007 after 7), other text by code point. */
export function naturalCompare(a: string, b: string): number {
  const pa = a.match(PARTS) ?? [];
  const pb = b.match(PARTS) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x === y) continue;
    const dx = x.charCodeAt(0) <= 57 && x.charCodeAt(0) >= 48;
    const dy = y.charCodeAt(0) <= 57 && y.charCodeAt(0) >= 48;
    if (dx && dy) {
      const tx = x.replace(/^0+(?=\d)/, '');
      const ty = y.replace(/^0+(?=\d)/, '');
      if (tx.length !== ty.length) return tx.length - ty.length;
      if (tx !== ty) return tx < ty ? -1 : 1;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  if (pa.length !== pb.length) return pa.length - pb.length;
  return 0;
}
