/**
 * The first `limit` names joined by `, `, then how many more: an error about a file of 100,000 columns
 * names a few of them, not a megabyte of them on one line.
 */
export function listSome(names: readonly string[], limit = 20): string {
  if (names.length <= limit) return names.join(', ');
  const more = names.length - limit;
  return `${names.slice(0, limit).join(', ')}, … and ${more.toLocaleString('en')} more`;
}
