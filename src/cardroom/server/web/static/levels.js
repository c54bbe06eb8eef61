// Bot levels: the list comes from the server (GET /api/games `bot_levels`); this only adds a
// short hint per known level so a player can choose. Unknown levels show their bare name.
const HINTS = {
  random: "plays any legal move (for learning the rules)",
  heuristic: "solid club player, answers at once",
  "heuristic-v1": "older heuristic, kept as a yardstick",
  tight: "cautious: never bluffs, knocks only with a sure last trick",
  search: "strongest: simulates possible deals, thinks about a second per move",
};

export function levelHint(level) {
  const base = String(level).split(":")[0];
  return HINTS[base] || "";
}

// "<level> — <hint>" for a select's option text.
export function levelLabel(level) {
  const hint = levelHint(level);
  return hint ? `${level} — ${hint}` : String(level);
}
