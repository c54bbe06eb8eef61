// The lobby: create a table with its options, list open and running tables, join by link.
import * as api from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { levelHint } from "./levels.js";
import { PRESETS, presetOptions } from "./presets.js";
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

// Words for choice values the server names tersely (the value sent stays the server's).
const CHOICE_WORDS = {
  dealer_rule: { winner: "the hand's winner deals", left: "the deal moves left", high: "high card deals" },
};

// A player's words for an option's name: "target_score" -> "Target score".
function title(key) {
  const text = key.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function rangeText(spec) {
  const lo = spec.minimum ?? spec.min;
  const hi = spec.maximum ?? spec.max;
  if (lo !== undefined && hi !== undefined) return `${lo}–${hi}`;
  if (lo !== undefined) return `at least ${lo}`;
  if (hi !== undefined) return `at most ${hi}`;
  return "";
}

function optionInput(key, spec) {
  const id = `option-${key}`;
  const choices = spec.enum || spec.choices;
  const type = spec.type || typeof spec.default;
  let input;
  if (choices) {
    input = h(
      "select",
      { id, "data-testid": id, name: key },
      choices.map((c) =>
        h("option", { value: JSON.stringify(c), selected: c === spec.default }, (CHOICE_WORDS[key] || {})[c] || c),
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
        const range = rangeText(spec);
        throw new Error(`${title(key)} must be ${whole ? "a whole number" : "a number"}${range ? ` ${range.startsWith("at") ? range : `from ${range.replace("–", " to ")}`}` : ""}.`);
      }
      return n;
    };
  } else {
    input = h("input", { id, "data-testid": id, value: spec.default ?? "" });
    input.read = () => (input.value === "" ? undefined : input.value);
  }
  if (!input.write) input.write = (v) => (input.value = v ?? "");
  const text = spec.title || spec.label || title(key);
  const range = rangeText(spec);
  const shown = choices ? "" : range;
  const help = [spec.description || spec.help, shown ? `(${shown})` : ""].filter(Boolean).join(" ");
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
    placeholder: "table name",
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
  const privateBox = h("input", { type: "checkbox", id: "flag-private", "data-testid": "flag-private" });
  const hotSeatBox = h("input", { type: "checkbox", id: "flag-hot-seat", "data-testid": "flag-hot-seat" });
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
    h("div", { class: "opt" }, h("label", { for: "flag-private" }, "Private"), privateBox,
      h("span", { class: "help" }, "Only people with your invite link can take a seat")),
    h("div", { class: "opt" }, h("label", { for: "flag-hot-seat" }, "Hot seat"), hotSeatBox,
      h("span", { class: "help" }, "One browser may hold several seats (players sharing a screen)")),
    h("div", { class: "opt" }, h("label", { for: "flag-hints" }, t("hint.flag")), hintsBox,
      h("span", { class: "help" }, t("hint.flag_help"))),
    h("div", { class: "opt" }, h("label", { for: "flag-rated" }, t("players.rated_table")), ratedBox,
      h("span", { class: "help" }, t("players.rated_help"))),
    h("div", { class: "opt" }, h("label", { for: "lobby-bot-level" }, "Bot level"), levelSelect, levelHelp),
  );
  const list = h("div", { class: "tables", "data-testid": "table-list" }, "Loading…");
  const finished = h("div", { class: "tables", "data-testid": "finished-list" });
  const rulesLink = h("a", { href: "/rules/tichu", "data-testid": "lobby-rules" }, "How to play");
  const challengeLink = h(
    "a",
    { href: "/challenge", "data-testid": "lobby-challenge", onclick: (e) => (e.preventDefault(), navigate("/challenge")) },
    t("lobby.challenge"),
  );
  let games = [];
  let inputs = [];

  function showOptions() {
    const game = games.find((g) => g.name === gameSelect.value);
    inputs = normalizeOptions(game).map(([k, s]) => optionInput(k, s));
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
    const chosen = levels.includes(saved) ? saved : levels.includes("heuristic") ? "heuristic" : levels[0];
    levelSelect.replaceChildren(
      ...levels.map((l) => h("option", { value: l, selected: l === chosen, title: levelHint(l) }, l)),
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
      const name = nameInput.value.trim() || `${gameSelect.value} table`;
      const flags = {
        private: privateBox.checked, hot_seat: hotSeatBox.checked, hints: hintsBox.checked && !ratedBox.checked,
        rated: ratedBox.checked,
      };
      const res = await api.createTable(gameSelect.value, options, name, flags);
      navigate(`/t/${res.id}`);
    } catch (err) {
      say(`Could not create the table: ${api.friendly(err.message)}`);
    }
  }

  async function refreshFinished() {
    try {
      const done = await api.listFinished();
      finished.replaceChildren(
        done.length
          ? h(
              "table",
              {},
              done.map((t) =>
                h(
                  "tr",
                  { "data-testid": `finished-row-${t.id}` },
                  h("td", {}, t.name || t.id),
                  h("td", {}, t.game),
                  h("td", {}, (t.finished_at || "").slice(0, 16).replace("T", " ")),
                  h("td", {}, h("a", { href: t.replay || `/replay/${t.id}`, "data-testid": `replay-${t.id}` }, "Replay")),
                ),
              ),
            )
          : h("p", { class: "muted" }, "No finished tables yet."),
      );
    } catch (err) {
      finished.replaceChildren(h("p", { class: "muted" }, `Cannot list finished tables: ${err.message}`));
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
              {},
              h(
                "tr",
                {},
                ["Table", "Game", "Seats", "Status", ""].map((t) => h("th", {}, t)),
              ),
              tables.map(tableRow),
            )
          : h("p", { class: "muted" }, "No tables yet: create one."),
      );
    } catch (err) {
      list.replaceChildren(h("p", { class: "muted" }, `Cannot list tables: ${err.message}`));
    }
  }

  function tableRow(t) {
    const seats = t.seats || [];
    const taken = seats.filter((s) => s.kind && s.kind !== "empty").length;
    return h(
      "tr",
      { "data-testid": `table-row-${t.id}` },
      h("td", {}, t.name || t.id, t.private ? h("span", { class: "badge", title: "invite only" }, " private") : null),
      h("td", {}, t.game),
      h("td", {}, seats.length ? `${taken}/${seats.length}` : ""),
      h("td", {}, t.status || ""),
      h(
        "td",
        {},
        h(
          "a",
          {
            href: `/t/${t.id}`,
            "data-testid": `open-${t.id}`,
            onclick: (e) => {
              e.preventDefault();
              navigate(`/t/${t.id}`);
            },
          },
          t.status === "finished" ? "View" : "Open",
        ),
      ),
    );
  }

  root.replaceChildren(
    h(
      "header",
      { class: "bar" },
      h("a", { href: "/", class: "home" }, "cardroom"),
      h("a", { href: "/rules/tichu" }, "Tichu rules"),
      h("a", { href: "/rules/toepen" }, "Toepen rules"),
      challengeLink,
      h("a", { href: "/event", "data-testid": "lobby-event", onclick: (e) => (e.preventDefault(), navigate("/event")) }, t("lobby.event")),
    ),
    h(
      "main",
      { class: "lobby page", "data-testid": "lobby" },
      msg,
      quick,
      h(
        "form",
        { class: "create", onsubmit: create, novalidate: true }, // our own words for a bad value
        h("h2", {}, "New table"),
        h("label", {}, "Game ", gameSelect, " ", rulesLink),
        h("label", {}, "Name ", nameInput),
        h("div", { class: "opt preset-row" }, h("label", { for: "preset" }, t("lobby.preset")), presetSelect, presetHelp),
        houseRules,
        flags,
        h("button", { class: "primary", type: "submit", "data-testid": "create-table" }, "Create"),
      ),
      h("section", {}, h("h2", {}, "Tables"), list),
      h("section", {}, h("h2", {}, "Finished (watch the replay)"), finished),
    ),
  );

  render(vh(QuickPlay, { navigate, say }), quick);
  api
    .listGames()
    .then((data) => {
      games = normalizeGames(data);
      const main = ["tichu", "toepen"];
      const rank = (g) => (main.includes(g.name) ? main.indexOf(g.name) : main.length);
      games.sort((a, b) => rank(a) - rank(b)); // the real games first, test games after
      gameSelect.replaceChildren(
        ...games.map((g) => h("option", { value: g.name }, g.title || g.name)),
      );
      showOptions();
    })
    .catch((err) => say(`Cannot load the games: ${err.message}`));
  refresh();
  refreshFinished();
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
}
