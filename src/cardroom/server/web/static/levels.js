// Bot levels: the list comes from the server (GET /api/games `bot_levels`); every known level
// has a name (the catalogue's bot.name.<level>) and a short hint (bot.<level>) in each language,
// so a player can choose. A level with an argument ("search:n=30") reads as its base level's name
// with the argument beside it; an unknown level shows its bare id.
import { t } from "./i18n.js";

const KNOWN = [
  "beginner", "casual", "strong", "expert", "novice", "eager", "bomber", "fighter", "gambler",
  "random", "heuristic", "heuristic-v1", "tight", "search", "bluffer", "stubborn", "partition",
];

// "search:n=30" -> ["search", "n=30"]; "heuristic" -> ["heuristic", ""].
function parts(level) {
  const text = String(level ?? "?");
  const colon = text.indexOf(":");
  return colon < 0 ? [text, ""] : [text.slice(0, colon), text.slice(colon + 1)];
}

export function levelHint(level) {
  const [base] = parts(level);
  return KNOWN.includes(base) ? t(`bot.${base}`) : "";
}

// The levels people choose (the server's player levels), gentlest first.
export const NAMED_LEVELS = ["beginner", "casual", "strong", "expert"];

export function levelName(level) {
  const [base, arg] = parts(level);
  if (!KNOWN.includes(base)) return String(level ?? "?");
  const name = t(`bot.name.${base}`);
  return arg ? t("bot.name.with_arg", { name, arg }) : name;
}

// A rated player's name on a page: a bot level's account ("bot:search:n=30") by its level's
// name, anyone else's as it is.
export function accountName(name) {
  const text = String(name ?? "");
  return text.startsWith("bot:") ? levelName(text.slice(4)) : text;
}
