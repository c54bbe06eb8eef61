// "Play against bots": one click makes a private table, seats you and fills the other seats
// with bots of the chosen level, then opens the table. The name is the one you used before, or
// "Guest" (a seat needs a name). The levels offered are the named ones people choose
// (beginner … expert, the server's player levels), then the game's other bot levels from
// GET /api/games `bot_levels`; a game without a named level plays its nearest bot instead.
import * as api from "./api.js";
import { t } from "./i18n.js";
import { NAMED_LEVELS as NAMED, levelHint, levelName } from "./levels.js";
import { h, useEffect, useState } from "./ui.js";

const GAMES = ["tichu", "toepen"];
// For a game whose server list lacks a named level (Toepen has one bot per strength).
const NEAREST = { beginner: "heuristic", casual: "heuristic", strong: "search", expert: "search" };
const OTHERS = ["heuristic", "random"]; // every game has these; the server's list replaces them

// The level `game` gets when the player chose `level` (its `bot_levels`, when known).
function levelFor(game, level, offered) {
  const levels = offered[game];
  if (!levels || levels.includes(level)) return level;
  const near = NEAREST[level];
  return near && levels.includes(near) ? near : levels[0] || level;
}

export async function playAgainstBots(game, level, offered = {}) {
  const name = (localStorage.getItem("cardroom.name") || "").trim() || t("lobby.quick.guest");
  const res = await api.createTable(game, {}, t("lobby.quick.table_name", { game }), { private: true });
  const meta = await api.getTable(res.id);
  const seats = meta.num_seats || (meta.seats || []).length || 4;
  const taken = await api.takeSeat(res.id, 0, name);
  api.saveSeat(res.id, taken.seat, taken.token, name);
  const bot = levelFor(game, level, offered);
  for (let seat = 1; seat < seats; seat++) await api.addBot(res.id, seat, bot);
  localStorage.setItem("cardroom.botLevel", level);
  return res.id;
}

export function QuickPlay({ navigate, say }) {
  const [offered, setOffered] = useState({});
  const others = [...new Set(GAMES.flatMap((g) => offered[g] || OTHERS))].filter((l) => !NAMED.includes(l));
  const saved = localStorage.getItem("cardroom.botLevel");
  const [level, setLevel] = useState(NAMED.includes(saved) || OTHERS.includes(saved) ? saved : "casual");
  const [busy, setBusy] = useState(null);
  useEffect(() => {
    api
      .listGames()
      .then((data) => {
        const list = Array.isArray(data) ? data : (data && data.games) || [];
        const byGame = {};
        for (const g of list) if (g && Array.isArray(g.bot_levels)) byGame[g.name] = g.bot_levels;
        setOffered(byGame);
      })
      .catch(() => {}); // the lobby reports a failed /api/games itself
  }, []);
  const start = async (game) => {
    setBusy(game);
    try {
      navigate(`/t/${await playAgainstBots(game, level, offered)}`);
    } catch (err) {
      say(t("lobby.quick.error", { reason: api.friendly(err.message) }));
      setBusy(null);
    }
  };
  return h(
    "section",
    { class: "quick", "data-testid": "quick-play" },
    h("h2", {}, t("lobby.quick.title")),
    h(
      "div",
      { class: "row" },
      GAMES.map((game) =>
        h(
          "button",
          { key: game, class: "primary", "data-testid": `quick-${game}`, disabled: !!busy, onclick: () => start(game) },
          t(`lobby.quick.${game}`),
        ),
      ),
      h(
        "label",
        {},
        t("lobby.quick.level"),
        " ",
        h(
          "select",
          { "data-testid": "quick-level", value: level, onchange: (e) => setLevel(e.target.value) },
          NAMED.map((l) => h("option", { key: l, value: l, title: levelHint(l) }, levelName(l))),
          h(
            "optgroup",
            { label: t("lobby.quick.other_bots") },
            others.map((l) => h("option", { key: l, value: l, title: levelHint(l) }, levelName(l))),
          ),
        ),
      ),
    ),
    h("p", { class: "help" }, levelHint(level)),
  );
}
