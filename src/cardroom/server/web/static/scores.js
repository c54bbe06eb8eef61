// How duplicate scores are written on every page that shows them (the challenge's results, an
// event's standings, a profile's Duplicate section): IMPs with their sign, matchpoints as a
// percentage with one decimal in the reader's format, and a team as the reader counts it.
import { number, percent, t } from "./i18n.js";

// A score with its sign in the reader's digits: +3, −3 (a real minus sign, as on a score sheet), 0.
export const signed = (x) => (x > 0 ? `+${number(x)}` : x < 0 ? `−${number(-x)}` : number(0));
export const pct = percent;

// A team as the reader counts it ("T2" on the wire: "Team 2", "チーム2").
export function teamLabel(team) {
  const n = /^T(\d+)$/.exec(team);
  return n ? t("event.team_n", { n: Number(n[1]) }) : team;
}
