/**
 * How a review's text is shown (spec section 9, docs/spec/decisions.md "Reviews"): a text longer than
 * 900 characters is cut to its first 850 with a 'Show more'; shorter texts are shown whole.
 * Characters are counted as people see them (a 👍 is one), and a cut never splits one.
 */
import { REVIEW_DISPLAY_CUT, REVIEW_DISPLAY_LIMIT } from '@shared/constants';

interface ShownText {
  text: string;
  cut: boolean;
}

export function previewReviewText(text: string, limit = REVIEW_DISPLAY_LIMIT, cutAt = REVIEW_DISPLAY_CUT): ShownText {
  const characters = Array.from(text);
  if (characters.length <= limit) return { text, cut: false };
  return { text: characters.slice(0, cutAt).join('').trimEnd(), cut: true };
}
