// How duplicate scores are written on every page that shows them (the challenge's results, an
// event's standings, a profile's Duplicate section): IMPs with their sign, matchpoints as a
// percentage with one decimal in the reader's format.
import { percent } from "./i18n.js";

export const signed = (x) => (x > 0 ? `+${x}` : String(x));
export const pct = percent;
