// A player's profile (/p/{name}): per game its rating (one number, the uncertainty beside it),
// rank and a small chart of the rating after each rated match; its counters (Tichu calls and
// how they ended, one-two finishes, bombs; Toepen knocks and times loser); its records with
// each partner and against each opponent; its last matches with links to their replays; its
// duplicate record (record.js).
import { accountRefusal } from "./account.js";
import { h } from "./dom.js";
import { aside, date, items, number, t } from "./i18n.js";
import { accountName, levelName } from "./levels.js";
import { siteHeader } from "./nav.js";
import { duplicateSection } from "./record.js";

const COUNTERS = {
  tichu: [["matches", "won"], ["tichu_called", "tichu_made"], ["grand_called", "grand_made"],
          ["rounds"], ["double_victories"], ["bombs"]],
  toepen: [["matches", "won"], ["times_loser"], ["hands"], ["knocks", "knocks_won"], ["folds"]],
};

export function mountProfile(root, name, navigate) {
  const main = h("main", { class: "players page", "data-testid": "profile" }, t("players.loading"));
  root.replaceChildren(
    siteHeader(navigate, h("a", { href: "/leaderboard", onclick: (e) => (e.preventDefault(), navigate("/leaderboard")) }, t("players.leaderboard"))),
    main,
  );
  fetch(`/api/players/${encodeURIComponent(name)}`)
    .then(async (r) => {
      const data = await r.json();
      if (!r.ok) throw new Error(accountRefusal(data, r.statusText));
      render(main, data);
    })
    .catch((err) => main.replaceChildren(h("p", { "data-testid": "message" }, err.message)));
}

function render(main, p) {
  const games = [...new Set([...Object.keys(p.ratings), ...Object.keys(p.stats)])];
  const parts = [
    h("h1", { "data-testid": "profile-name" }, accountName(p.name), p.kind === "bot" ? h("span", { class: "badge bot" }, ` ${t("table.seat.bot")}`) : null),
    ...games.map((g) => gameSection(g, p.ratings[g], p.stats[g], (p.history || {})[g] || [])),
    h("h2", {}, t("players.recent")),
    recentTable(p.recent, p.name), // says "no matches yet" once, under its heading
    p.kind === "bot" ? null : duplicateSection(p.name),
  ];
  main.replaceChildren(...parts.filter((part) => part !== null));
}

function gameSection(game, rating, stats, history) {
  return h("section", { class: "game-card", "data-testid": `profile-${game}` },
    h("h2", {}, t(`game.${game}`)),
    rating
      ? h("p", { class: "rating" },
        h("strong", { "data-testid": `rating-${game}` }, number(Math.round(rating.display))),
        h("span", { class: "sigma" }, ` ±${number(Math.round(rating.uncertainty))}`),
        " · ", t("players.rank", { rank: rating.rank }),
        " · ", t("players.rated_matches", { games: rating.games, wins: rating.wins }))
      : h("p", { class: "rating" }, t("players.unrated")),
    history.length > 1 ? chart(history) : null,
    stats ? counters(game, stats) : null,
    stats ? h("div", { class: "records" }, records(t("players.partners"), stats.partners),
      records(t("players.opponents"), stats.opponents)) : null,
  );
}

// The rating after each rated match, as a line (no library: an SVG polyline).
function chart(history) {
  const w = 320, hgt = 80, pad = 4;
  const values = history.map((x) => x.display);
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = hi - lo || 1;
  const points = values.map((v, i) =>
    `${pad + (i * (w - 2 * pad)) / (values.length - 1)},${hgt - pad - ((v - lo) * (hgt - 2 * pad)) / span}`);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("players.chart", { from: Math.round(values[0]), to: Math.round(values.at(-1)) }));
  svg.setAttribute("data-testid", "rating-chart");
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", points.join(" "));
  svg.append(line);
  return svg;
}

function counters(game, stats) {
  const rows = (COUNTERS[game] || []).map((keys) => h("tr", {},
    h("th", {}, t(`stats.${keys[0]}`)),
    h("td", { class: "num", "data-testid": `stat-${keys[0]}` }, number(stats[keys[0]] ?? 0)),
    keys[1] ? h("td", {}, t(`stats.${keys[1]}`, { n: stats[keys[1]] ?? 0 })) : h("td", {})));
  return h("table", { class: "counters" }, h("tbody", {}, rows));
}

function records(title, rows) {
  return h("div", {}, h("h3", {}, title), rows.length === 0 ? h("p", {}, "—") :
    h("table", {}, h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, seatName(r)),
      h("td", { class: "num" }, t("players.record", { games: r.games, won: r.won })))))));
}

function recentTable(recent, me) {
  if (!recent.length) return h("p", {}, t("players.no_matches"));
  return h("div", { class: "scroll" }, h("table", { class: "board", "data-testid": "recent" }, h("tbody", {}, recent.map((m) =>
    h("tr", { "data-testid": `recent-${m.table}` },
      h("td", {}, date(m.finished_at)),
      h("td", {}, h("span", { class: "word" }, t(`game.${m.game}`)), m.rated ? [" ", h("span", { class: "badge" }, t("players.rated"))] : null),
      h("td", { class: `result ${m.result}` }, h("span", { class: "word" }, t(`players.${m.result}`)),
        m.left_early ? aside("", t("players.left_early")) : ""),
      h("td", { class: "num wide" }, m.display === null ? "" : number(Math.round(m.display))), // a phone: the chart has it
      h("td", { class: "wide" }, items(m.seats.filter((s) => s.name !== me).map(seatName))),
      h("td", { class: "nowrap" }, h("a", { href: m.replay, "data-testid": "replay-link" }, t("players.replay"))))))));
}

// A seat's name at a past match (or a partner's, an opponent's): a bot's seat ("bot (heuristic)",
// the server's name for it, or its rated account "bot:heuristic") in the reader's words.
function seatName(seat) {
  const bot = /^bot \(([^()]+)\)$/.exec(seat.name) || /^bot:(.+)$/.exec(seat.name);
  return bot ? t("players.bot_seat", { level: levelName(bot[1]) }) : seat.name;
}
