// The leaderboard (/leaderboard?game=tichu&kind=human): one game's players by rating, people
// or bots, a page at a time; each name links to its profile.
import { h } from "./dom.js";
import { number, t } from "./i18n.js";
import { accountName } from "./levels.js";
import { siteHeader } from "./nav.js";

const PAGE = 50;
const GAMES = ["tichu", "toepen"];

export function mountLeaderboard(root, navigate) {
  const params = new URLSearchParams(location.search);
  const state = {
    game: GAMES.includes(params.get("game")) ? params.get("game") : "tichu",
    kind: params.get("kind") === "bot" ? "bot" : "human",
    offset: Math.max(0, Number(params.get("offset")) || 0),
  };
  const main = h("main", { class: "players page", "data-testid": "leaderboard" });
  root.replaceChildren(
    siteHeader(navigate, h("span", {}, t("players.leaderboard"))),
    main,
  );
  const go = (changes) => {
    Object.assign(state, changes);
    navigate(`/leaderboard?game=${state.game}&kind=${state.kind}&offset=${state.offset}`);
  };
  const tab = (label, active, onclick, testid) =>
    h("button", { class: active ? "small primary" : "small", "aria-pressed": active, onclick, "data-testid": testid }, label);
  const controls = h("div", { class: "board-controls" },
    ...GAMES.map((g) => tab(t(`game.${g}`), g === state.game, () => go({ game: g, offset: 0 }), `board-game-${g}`)),
    h("span", { class: "gap" }),
    tab(t("players.people"), state.kind === "human", () => go({ kind: "human", offset: 0 }), "board-kind-human"),
    tab(t("players.bots"), state.kind === "bot", () => go({ kind: "bot", offset: 0 }), "board-kind-bot"),
  );
  main.replaceChildren(h("h1", {}, t("players.leaderboard")), controls, h("p", {}, t("players.loading")));
  const url = `/api/leaderboard?game=${state.game}&kind=${state.kind}&limit=${PAGE}&offset=${state.offset}`;
  fetch(url)
    .then((r) => r.json())
    .then((data) => {
      const rows = data.players || [];
      const table = rows.length === 0
        ? h("p", { "data-testid": "board-empty" }, t("players.nobody_rated"))
        : h("table", { class: "board", "data-testid": "board" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("players.name")),
            h("th", { class: "num" }, t("players.rating")), h("th", { class: "num" }, t("players.matches")),
            h("th", { class: "num" }, t("players.won")))),
          h("tbody", {}, rows.map((p) => h("tr", { "data-testid": `board-row-${p.name}` },
            h("td", {}, number(p.rank)),
            h("td", {}, h("a", { href: `/p/${encodeURIComponent(p.name)}` }, accountName(p.name))),
            h("td", { class: "num" }, number(Math.round(p.display)), h("span", { class: "sigma" }, ` ±${number(Math.round(p.uncertainty))}`)),
            h("td", { class: "num" }, number(p.games)),
            h("td", { class: "num" }, number(p.wins))))));
      const pager = h("div", { class: "pager" },
        state.offset > 0 ? tab(t("players.previous"), false, () => go({ offset: Math.max(0, state.offset - PAGE) }), "board-prev") : null,
        rows.length === PAGE ? tab(t("players.next"), false, () => go({ offset: state.offset + PAGE }), "board-next") : null);
      main.replaceChildren(h("h1", {}, t("players.leaderboard")), controls, table, pager);
    })
    .catch((err) => main.append(h("p", { "data-testid": "message" }, err.message)));
}
