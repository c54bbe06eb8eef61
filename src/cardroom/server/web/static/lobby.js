// The lobby: create a table with its options, list open and running tables, join by link.
import * as api from "./api.js";
import { h } from "./dom.js";
import { aside, date, gameTitle, t } from "./i18n.js";
import { levelHint, levelName } from "./levels.js";
import { CLOCKS, NO_CLOCK, PACES, PRESETS, PUBLIC_CLOCK, clockText, paceText, parseClock, presetOptions } from "./presets.js";
import { siteHeader } from "./nav.js";
import { QuickPlay } from "./quickplay.js";
import { h as vh, render } from "./ui.js";

// /api/games may be a list of {name, options} or a mapping name -> {options}.
function normalizeGames(data) {
  const list = Array.isArray(data) ? data : data && data.games ? data.games : data;
  if (Array.isArray(list)) {
    return list.map((g) => (typeof g === "string" ? { name: g, options: {} } : g));
  }
  return Object.entries(list || {}).map(([name, g]) => ({ name, ...(g || {}) }));
}

// [key, spec] per option: the server's `option_specs` (type, default, description, min/max,
// choices) when it sends them, else a spec made from the default value alone.
function normalizeOptions(game) {
  const specs = (game && game.option_specs) || {};
  const defaults = (game && game.options) || {};
  const keys = [...new Set([...Object.keys(specs), ...Object.keys(defaults)])];
  return keys.map((k) => [k, { default: defaults[k], ...(specs[k] || {}) }]);
}

// An option's name, description and choice words in the page's language (the catalogue's
// option.<game>.<key>…; an option the catalogue does not know shows the server's words).
export function optionText(game, key, part = "", spec = {}) {
  const id = `option.${game}.${key}${part ? `.${part}` : ""}`;
  const text = t(id);
  if (text !== id) return text;
  if (part === "help") return spec.description || spec.help || "";
  if (part.startsWith("choice.")) return part.slice(7);
  const words = key.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function rangeText(spec) {
  const lo = spec.minimum ?? spec.min;
  const hi = spec.maximum ?? spec.max;
  if (lo !== undefined && hi !== undefined) return t("lobby.range", { lo, hi });
  if (lo !== undefined) return t("lobby.at_least", { lo });
  if (hi !== undefined) return t("lobby.at_most", { hi });
  return "";
}

function optionInput(game, key, spec) {
  const id = `option-${key}`;
  const choices = spec.enum || spec.choices;
  const type = spec.type || typeof spec.default;
  let input;
  if (choices) {
    input = h(
      "select",
      { id, "data-testid": id, name: key },
      choices.map((c) =>
        h("option", { value: JSON.stringify(c), selected: c === spec.default }, optionText(game, key, `choice.${c}`)),
      ),
    );
    input.read = () => JSON.parse(input.value);
    input.write = (v) => (input.value = JSON.stringify(v));
  } else if (type === "boolean" || type === "bool") {
    input = h("input", { id, "data-testid": id, type: "checkbox", checked: !!spec.default });
    input.read = () => input.checked;
    input.write = (v) => (input.checked = !!v);
  } else if (["integer", "int", "number", "float"].includes(type)) {
    input = h("input", {
      id,
      "data-testid": id,
      type: "number",
      value: spec.default ?? "",
      min: spec.minimum ?? spec.min,
      max: spec.maximum ?? spec.max,
    });
    input.read = () => {
      if (input.value === "") return undefined;
      const n = Number(input.value);
      const lo = spec.minimum ?? spec.min;
      const hi = spec.maximum ?? spec.max;
      const whole = type === "int" || type === "integer";
      if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || (lo !== undefined && n < lo) || (hi !== undefined && n > hi)) {
        throw new Error(t("lobby.bad_number", { name: optionText(game, key), whole: whole ? "yes" : "no", range: rangeText(spec) || "none" }));
      }
      return n;
    };
  } else {
    input = h("input", { id, "data-testid": id, value: spec.default ?? "" });
    input.read = () => (input.value === "" ? undefined : input.value);
  }
  if (!input.write) input.write = (v) => (input.value = v ?? "");
  const text = optionText(game, key, "", spec);
  const range = rangeText(spec);
  const shown = choices ? "" : range;
  const help = aside(optionText(game, key, "help", spec), shown);
  return {
    key,
    input,
    row: h(
      "div",
      { class: "opt" },
      h("label", { for: id }, text),
      input,
      help ? h("span", { class: "help", "data-testid": `help-${key}` }, help) : null,
    ),
  };
}

export function mountLobby(root, navigate) {
  const msg = h("div", { class: "message error", "data-testid": "message", hidden: true });
  const say = (text) => {
    msg.textContent = text || "";
    msg.hidden = !text;
  };
  const gameSelect = h("select", { "data-testid": "game-select" });
  const nameInput = h("input", {
    "data-testid": "table-name",
    placeholder: t("lobby.name_placeholder"),
    maxlength: 40,
  });
  const optionsBox = h("div", { class: "options", "data-testid": "options" });
  const presetSelect = h("select", { "data-testid": "preset", id: "preset", onchange: () => applyPreset() });
  const presetHelp = h("span", { class: "help", "data-testid": "preset-help" });
  const houseRules = h(
    "details",
    { class: "house-rules", "data-testid": "house-rules" },
    h("summary", { "data-testid": "house-rules-toggle" }, t("lobby.house_rules")),
    optionsBox,
  );
  const quick = h("div", { class: "quick-box" });
  const privateBox = h("input", { type: "checkbox", id: "flag-private", "data-testid": "flag-private", onchange: () => fitClock() });
  const hotSeatBox = h("input", { type: "checkbox", id: "flag-hot-seat", "data-testid": "flag-hot-seat", onchange: () => fitClock() });
  let clockChosen = false; // until the owner picks one, the clock follows the kind of table
  let publicClock = PUBLIC_CLOCK; // the server's own, once /api/games says it
  const clockOption = (c) => h("option", { value: c }, clockText(parseClock(c)));
  const clockSelect = h(
    "select",
    { id: "lobby-clock", "data-testid": "lobby-clock", onchange: () => (clockChosen = true) },
    CLOCKS.map(clockOption),
  );
  // The server's default clock for public tables (its --clock-move/--clock-bank) is the one
  // shown until the owner picks another; a clock not among the usual choices is added to them.
  function useServerClock(clock) {
    if (!clock) return;
    const value = `${clock.move}+${clock.bank}`;
    if (!CLOCKS.includes(value)) {
      const after = [...clockSelect.options].find((o) => parseClock(o.value).move > clock.move);
      clockSelect.insertBefore(clockOption(value), after || null);
    }
    publicClock = value;
    fitClock();
  }
  const paceSelect = h(
    "select",
    { id: "lobby-pace", "data-testid": "lobby-pace" },
    PACES.map((s) => h("option", { value: JSON.stringify(s) }, paceText(s))),
  );
  // "Off" only where the server allows it (a private or hot-seat table: a public one keeps a
  // clock, since one absent stranger would stall it); an unchosen clock is the server's default
  // for the kind of table, a clock in public and none in private.
  function fitClock() {
    const unlisted = privateBox.checked || hotSeatBox.checked;
    clockSelect.querySelector(`option[value="${NO_CLOCK}"]`).disabled = !unlisted;
    if (!clockChosen) clockSelect.value = unlisted ? NO_CLOCK : publicClock;
    else if (!unlisted && clockSelect.value === NO_CLOCK) clockSelect.value = publicClock;
  }
  fitClock();
  const hintsBox = h("input", { type: "checkbox", id: "flag-hints", "data-testid": "flag-hints", checked: true });
  const ratedBox = h("input", { type: "checkbox", id: "flag-rated", "data-testid": "flag-rated" });
  const levelSelect = h("select", {
    id: "lobby-bot-level",
    "data-testid": "lobby-bot-level",
    onchange: () => {
      localStorage.setItem("cardroom.botLevel", levelSelect.value);
      levelHelp.textContent = levelHint(levelSelect.value);
    },
  });
  const levelHelp = h("span", { class: "help", "data-testid": "level-help" });
  const flags = h(
    "div",
    { class: "options flags" },
    h("div", { class: "opt" }, h("label", { for: "flag-private" }, t("lobby.private")), privateBox,
      h("span", { class: "help" }, t("lobby.private_help"))),
    h("div", { class: "opt" }, h("label", { for: "flag-hot-seat" }, t("lobby.hot_seat")), hotSeatBox,
      h("span", { class: "help" }, t("lobby.hot_seat_help"))),
    h("div", { class: "opt" }, h("label", { for: "flag-hints" }, t("hint.flag")), hintsBox,
      h("span", { class: "help" }, t("hint.flag_help"))),
    h("div", { class: "opt" }, h("label", { for: "flag-rated" }, t("players.rated_table")), ratedBox,
      h("span", { class: "help" }, t("players.rated_help"))),
    h("div", { class: "opt" }, h("label", { for: "lobby-bot-level" }, t("lobby.bot_level")), levelSelect, levelHelp),
    h("div", { class: "opt" }, h("label", { for: "lobby-clock" }, t("lobby.clock")), clockSelect,
      h("span", { class: "help" }, t("lobby.clock_help"))),
    h("div", { class: "opt" }, h("label", { for: "lobby-pace" }, t("lobby.pace")), paceSelect,
      h("span", { class: "help" }, t("lobby.pace_help"))),
  );
  const list = h("div", { class: "tables", "data-testid": "table-list" }, t("common.loading"));
  const finished = h("div", { class: "tables", "data-testid": "finished-list" });
  const rulesLink = h("a", { href: "/rules/tichu", "data-testid": "lobby-rules" }, t("lobby.how_to_play"));
  let games = [];
  let inputs = [];

  function showOptions() {
    const game = games.find((g) => g.name === gameSelect.value);
    inputs = normalizeOptions(game).map(([k, s]) => optionInput(gameSelect.value, k, s));
    optionsBox.replaceChildren(...inputs.map((i) => i.row));
    const presets = PRESETS[gameSelect.value] || [];
    presetSelect.replaceChildren(
      ...presets.map((p) => h("option", { value: p.id }, t(`preset.${gameSelect.value}.${p.id}`))),
    );
    presetSelect.parentElement.hidden = !presets.length;
    applyPreset();
    rulesLink.href = `/rules/${gameSelect.value}`;
    const levels = (game && game.bot_levels) || [];
    const saved = localStorage.getItem("cardroom.botLevel");
    const chosen = levels.includes(saved) ? saved : ["casual", "heuristic"].find((l) => levels.includes(l)) ?? levels[0];
    levelSelect.replaceChildren(
      ...levels.map((l) => h("option", { value: l, selected: l === chosen, title: levelHint(l) }, levelName(l))),
    );
    levelHelp.textContent = chosen ? levelHint(chosen) : "";
  }
  gameSelect.addEventListener("change", showOptions);

  // A preset writes its options into the house-rule inputs (the game's defaults for the rest).
  function applyPreset() {
    const game = games.find((g) => g.name === gameSelect.value);
    const defaults = Object.fromEntries(normalizeOptions(game).map(([k, spec]) => [k, spec.default]));
    const id = presetSelect.value;
    const values = presetOptions(gameSelect.value, id, defaults);
    for (const { key, input } of inputs) if (key in values) input.write(values[key]);
    presetHelp.textContent = id ? t(`preset.${gameSelect.value}.${id}.help`) : "";
  }

  async function create(e) {
    e.preventDefault();
    const options = {};
    try {
      for (const { key, input } of inputs) {
        const value = input.read();
        if (value !== undefined) options[key] = value;
      }
    } catch (err) {
      say(err.message);
      return;
    }
    try {
      const name = nameInput.value.trim() || t("lobby.default_name", { game: gameTitle(gameSelect.value) });
      const flags = {
        private: privateBox.checked, hot_seat: hotSeatBox.checked, hints: hintsBox.checked && !ratedBox.checked,
        rated: ratedBox.checked,
      };
      if (clockChosen) flags.clock = parseClock(clockSelect.value); // else the server's default
      const pace = JSON.parse(paceSelect.value);
      if (pace !== null) flags.pace = pace;
      const res = await api.createTable(gameSelect.value, options, name, flags);
      navigate(`/t/${res.id}`);
    } catch (err) {
      say(t("lobby.create_failed", { reason: api.friendly(err.message) }));
    }
  }

  async function refreshFinished() {
    try {
      const done = await api.listFinished();
      finished.replaceChildren(
        done.length
          ? h(
              "table",
              { class: "rows" },
              done.map((row) =>
                h(
                  "tr",
                  { "data-testid": `finished-row-${row.id}` },
                  h("td", { class: "name" }, row.name || row.id),
                  h("td", { class: "word" }, gameTitle(row.game)),
                  h("td", {}, row.finished_at ? date(row.finished_at) : ""),
                  h("td", { class: "word" }, h("a", { href: row.replay || `/replay/${row.id}`, "data-testid": `replay-${row.id}` }, t("lobby.replay"))),
                ),
              ),
            )
          : h("p", { class: "muted" }, t("lobby.no_finished")),
      );
    } catch (err) {
      finished.replaceChildren(h("p", { class: "muted" }, t("lobby.finished_failed", { reason: api.friendly(err.message) })));
    }
  }

  async function refresh() {
    try {
      const data = await api.listTables();
      const tables = Array.isArray(data) ? data : data.tables || [];
      list.replaceChildren(
        tables.length
          ? h(
              "table",
              { class: "rows" },
              h(
                "tr",
                {},
                ["table", "game", "seats", "clock", "status"].map((k) => h("th", {}, t(`lobby.column.${k}`))),
                h("th", {}),
              ),
              tables.map(tableRow),
            )
          : h("p", { class: "muted" }, t("lobby.no_tables")),
      );
    } catch (err) {
      list.replaceChildren(h("p", { class: "muted" }, t("lobby.tables_failed", { reason: api.friendly(err.message) })));
    }
  }

  function tableRow(row) {
    const seats = row.seats || [];
    const taken = seats.filter((s) => s.kind && s.kind !== "empty").length;
    const status = ["open", "running", "finished", "damaged"].includes(row.status) ? t(`lobby.status.${row.status}`) : row.status || "";
    return h(
      "tr",
      { "data-testid": `table-row-${row.id}` },
      h("td", { class: "name" }, row.name || row.id, row.private ? h("span", { class: "badge", title: t("lobby.invite_only") }, " ", t("lobby.private_badge")) : null),
      h("td", { class: "word" }, gameTitle(row.game)),
      h("td", { class: "word", "data-label": t("lobby.column.seats") }, seats.length ? t("lobby.seats_taken", { taken, total: seats.length }) : ""),
      h(
        "td",
        { class: "word", "data-label": row.clock ? t("lobby.column.clock") : null, "data-testid": `table-clock-${row.id}` },
        row.clock ? clockText(row.clock) : "",
      ),
      h("td", { class: "word" }, status),
      h(
        "td",
        { class: "word" },
        h(
          "a",
          {
            href: `/t/${row.id}`,
            "data-testid": `open-${row.id}`,
            onclick: (e) => {
              e.preventDefault();
              navigate(`/t/${row.id}`);
            },
          },
          row.status === "finished" ? t("lobby.view") : t("lobby.open"),
        ),
      ),
    );
  }

  root.replaceChildren(
    siteHeader(navigate),
    h(
      "main",
      { class: "lobby page", "data-testid": "lobby" },
      msg,
      quick,
      h(
        "form",
        { class: "create", onsubmit: create, novalidate: true }, // our own words for a bad value
        h("h2", {}, t("lobby.new_table")),
        h("label", {}, t("lobby.game"), " ", gameSelect, " ", rulesLink),
        h("label", {}, t("lobby.name"), " ", nameInput),
        h("div", { class: "opt preset-row" }, h("label", { for: "preset" }, t("lobby.preset")), presetSelect, presetHelp),
        houseRules,
        flags,
        h("button", { class: "primary", type: "submit", "data-testid": "create-table" }, t("lobby.create")),
      ),
      h("section", {}, h("h2", {}, t("lobby.tables")), list),
      h("section", {}, h("h2", {}, t("lobby.finished")), finished),
    ),
  );

  render(vh(QuickPlay, { navigate, say }), quick);
  api
    .listGames()
    .then((data) => {
      games = normalizeGames(data);
      useServerClock(games.length ? games[0].public_clock : null);
      const main = ["tichu", "toepen"];
      const rank = (g) => (main.includes(g.name) ? main.indexOf(g.name) : main.length);
      games.sort((a, b) => rank(a) - rank(b)); // the real games first, test games after
      gameSelect.replaceChildren(
        ...games.map((g) => h("option", { value: g.name }, gameTitle(g.name, g.title))),
      );
      showOptions();
    })
    .catch((err) => say(t("lobby.games_failed", { reason: api.friendly(err.message) })));
  refresh();
  refreshFinished();
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
}
