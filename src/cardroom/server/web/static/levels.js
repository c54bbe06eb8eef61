// Bot levels: the list comes from the server (GET /api/games `bot_levels`); this only adds a
// short hint per known level (the catalogue's bot.<level>) so a player can choose. Unknown
// levels show their bare name.
import { t } from "./i18n.js";

const KNOWN = [
  "beginner", "casual", "strong", "expert", "novice", "eager", "bomber", "fighter", "gambler",
  "random", "heuristic", "heuristic-v1", "tight", "search", "bluffer", "stubborn", "partition",
];

export function levelHint(level) {
  const base = String(level).split(":")[0];
  return KNOWN.includes(base) ? t(`bot.${base}`) : "";
}

// The levels people choose (the server's player levels) have a name in each language; the
// others are the bots' own names.
export const NAMED_LEVELS = ["beginner", "casual", "strong", "expert"];

export function levelName(level) {
  return NAMED_LEVELS.includes(level) ? t(`bot.name.${level}`) : String(level ?? "?");
}

// "<level> — <hint>" for a select's option text.
export function levelLabel(level) {
  const hint = levelHint(level);
  return hint ? `${level} — ${hint}` : String(level);
}
