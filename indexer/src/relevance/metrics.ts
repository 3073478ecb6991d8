/** Recall, nDCG and precision of one page of hits against a judged answer. */

/** Share of the relevant ids (at most `k` of them: the page can hold no more) found in the first `k` hits. */
export function recallAt(hits: number[], relevant: number[], k: number): number {
  if (relevant.length === 0) return 1;
  const found = new Set(hits.slice(0, k));
  const wanted = relevant.slice(0, k);
  const ideal = Math.min(relevant.length, k);
  const relevantSet = new Set(relevant);
  // Any relevant id counts when the answer has more than a page: the first k of an unordered set are not special.
  const hitsRelevant = relevant.length > k ? [...found].filter((id) => relevantSet.has(id)).length : wanted.filter((id) => found.has(id)).length;
  return Math.min(1, hitsRelevant / ideal);
}

/**
 * Share of the first `k` hits filed under one of `categories` (`hitCategories`: the record's
 * category of each hit, in hit order). An empty page scores 0: it shows nothing relevant either.
 */
export function precisionAt(hitCategories: (string | null)[], categories: string[], k: number): number {
  const page = hitCategories.slice(0, k);
  if (page.length === 0) return 0;
  return page.filter((category) => category !== null && categories.includes(category)).length / page.length;
}

/**
 * nDCG@k with graded gains from the expected order: the i-th of n relevant ids gains (n - i) / n,
 * so the best answer first scores more than the same answers in another order; other hits gain 0.
 */
export function ndcgAt(hits: number[], relevant: number[], k: number): number {
  if (relevant.length === 0) return 1;
  const gain = new Map(relevant.map((id, index) => [id, (relevant.length - index) / relevant.length]));
  const dcg = (ids: number[]) => ids.slice(0, k).reduce((total, id, index) => total + (gain.get(id) ?? 0) / Math.log2(index + 2), 0);
  return dcg(hits) / dcg(relevant);
}
