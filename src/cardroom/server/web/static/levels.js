// Bot levels: the list comes from the server (GET /api/games `bot_levels`); every level the
// catalogue names (bot.name.<level>, as i18n.level_name asks in Python) has a short hint
// (bot.<level>) in each language, so a player can choose. A level with an argument
// ("search:n=30") reads as its base level's name with the argument beside it; a level the
// catalogue does not name shows its bare id.
import { has, t } from "./i18n.js";

// "search:n=30" -> ["search", "n=30"]; "heuristic" -> ["heuristic", ""].
function parts(level) {
  const text = String(level ?? "?");
  const colon = text.indexOf(":");
  return colon < 0 ? [text, ""] : [text.slice(0, colon), text.slice(colon + 1)];
}

export function levelHint(level) {
  const [base] = parts(level);
  return has(`bot.name.${base}`) && has(`bot.${base}`) ? t(`bot.${base}`) : "";
}

// The levels people choose (the server's player levels), gentlest first.
export const NAMED_LEVELS = ["beginner", "casual", "strong", "expert"];

export function levelName(level) {
  const [base, arg] = parts(level);
  if (!has(`bot.name.${base}`)) return String(level ?? "?");
  const name = t(`bot.name.${base}`);
  return arg ? t("bot.name.with_arg", { name, arg }) : name;
}

// A rated player's name on a page: a bot level's account ("bot:search:n=30") by its level's
// name, anyone else's as it is.
export function accountName(name) {
  const text = String(name ?? "");
  return text.startsWith("bot:") ? levelName(text.slice(4)) : text;
}
