// "Play against bots": one click makes a private table, seats you and fills the other seats
// with bots of the chosen level, then opens the table. The name is the one you used before, or
// "Guest" (a seat needs a name).
import * as api from "./api.js";
import { t } from "./i18n.js";
import { levelHint } from "./levels.js";
import { h, useState } from "./ui.js";

const GAMES = ["tichu", "toepen"];
const LEVELS = ["heuristic", "random"];

export async function playAgainstBots(game, level) {
  const name = (localStorage.getItem("cardroom.name") || "").trim() || t("lobby.quick.guest");
  const res = await api.createTable(game, {}, t("lobby.quick.table_name", { game }), { private: true });
  const meta = await api.getTable(res.id);
  const seats = meta.num_seats || (meta.seats || []).length || 4;
  const taken = await api.takeSeat(res.id, 0, name);
  api.saveSeat(res.id, taken.seat, taken.token, name);
  for (let seat = 1; seat < seats; seat++) await api.addBot(res.id, seat, level);
  localStorage.setItem("cardroom.botLevel", level);
  return res.id;
}

export function QuickPlay({ navigate, say }) {
  const saved = localStorage.getItem("cardroom.botLevel");
  const [level, setLevel] = useState(LEVELS.includes(saved) ? saved : LEVELS[0]);
  const [busy, setBusy] = useState(null);
  const start = async (game) => {
    setBusy(game);
    try {
      navigate(`/t/${await playAgainstBots(game, level)}`);
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
          LEVELS.map((l) => h("option", { key: l, value: l, title: levelHint(l) }, l)),
        ),
      ),
    ),
    h("p", { class: "help" }, levelHint(level)),
  );
}
