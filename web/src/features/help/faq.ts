/** The help page's questions, in the order an advisor meets them; each has `faq.<id>.q` and `faq.<id>.a` words. */
export const FAQ = ['opt_out', 'consent', 'quiet_hours', 'not_delivered', 'no_text', 'visit_page', 'payment', 'templates', 'gatekeeper'] as const;
export type FaqId = (typeof FAQ)[number];

/** Lower case without accents, so "desinscrip" finds "désinscription" and "OPT" finds "opt". */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every word of the search is in the question or its answer. */
export function matches(search: string, question: string, answer: string): boolean {
  const words = searchable(search).split(/\s+/).filter(Boolean);
  const haystack = searchable(`${question} ${answer}`);
  return words.every((word) => haystack.includes(word));
}
