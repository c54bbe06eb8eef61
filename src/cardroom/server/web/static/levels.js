// Bot levels: the list comes from the server (GET /api/games `bot_levels`); this only adds a
// short hint per known level so a player can choose. Unknown levels show their bare name.
const HINTS = {
  beginner: "gentle: sound moves, a loose plan, rarely calls",
  casual: "solid club player, answers at once",
  strong: "simulates a few possible deals per move",
  expert: "strongest: simulates possible deals, thinks about a second per move",
  novice: "the beginner level's bot",
  eager: "plays its high cards early (arena pool)",
  bomber: "bombs at once (arena pool)",
  fighter: "never lets an opponent's trick go cheaply (arena pool)",
  gambler: "calls Tichu on loose hands (arena pool)",
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
