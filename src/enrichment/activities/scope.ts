/**
 * A business scope (经营范围) as the list of activities it names, in order. Licences wrap the list in formulas
 * (许可项目：…一般项目：…) and legal reminders in brackets (（依法须经批准的项目…）); these say nothing about the
 * activity and are removed. Clauses are separated by ，；。 and their ASCII counterparts.
 */
const BOILERPLATE_BRACKET = /[（(][^（）()]*(?:依法|批准|许可|不得|除外|凭营业执照|须在|方可|仅限|不含|除[^（）()]*外)[^（）()]*[）)]/g;
const PREFIXES = /(?:许可经营项目|一般经营项目|许可项目|一般项目|经营范围|主营|兼营)[:：]/g;
// Clauses end at ；。 and commas; 、 joins the parts of one clause and of some standard terms (广告设计、代理), so it
// is split on only when a clause holds no known term (see the classifier).
const SEPARATORS = /[，,；;。.\n\r]+/;

export function scopeItems(scope: string): string[] {
  let text = scope.normalize('NFKC').replace(/\s+/g, '');
  // Brackets can nest one level (（不含（限）…）); two passes remove both.
  text = text.replace(BOILERPLATE_BRACKET, '').replace(BOILERPLATE_BRACKET, '');
  text = text.replace(PREFIXES, '；');
  return text
    .split(SEPARATORS)
    .map((s) => s.replace(/^[：:]+|[：:]+$/g, '').trim())
    .filter((s) => s.length > 0);
}
