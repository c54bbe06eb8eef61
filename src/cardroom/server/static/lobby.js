// The lobby: create a table with its options, list open and running tables, join by link.
import * as api from "./api.js";
import { h } from "./dom.js";

// /api/games may be a list of {name, options} or a mapping name -> {options}.
function normalizeGames(data) {
  const list = Array.isArray(data) ? data : data && data.games ? data.games : data;
  if (Array.isArray(list)) {
    return list.map((g) => (typeof g === "string" ? { name: g, options: {} } : g));
  }
  return Object.entries(list || {}).map(([name, g]) => ({ name, ...(g || {}) }));
}

// Choices the server does not list yet (until /api/games carries them for every option).
const KNOWN_CHOICES = { dealer_rule: ["winner", "left", "high"] };

// [key, spec] per option; spec merges the default value with whatever the server tells about
// the option (description, range, choices), under any of the names it may use.
function normalizeOptions(game) {
  let options = (game && (game.options || game.schema)) || {};
  if (options.properties) options = options.properties; // a JSON Schema object
  const info = (game && (game.option_info || game.options_info || game.option_help)) || {};
  const list = Array.isArray(options)
    ? options.map((o) => [o.name || o.key, o])
    : Object.entries(options).map(([k, spec]) =>
        spec !== null && typeof spec === "object" && !Array.isArray(spec) ? [k, spec] : [k, { default: spec }],
      );
  return list.map(([k, spec]) => {
    const merged = { ...(typeof info[k] === "string" ? { description: info[k] } : info[k] || {}), ...spec };
    if (!merged.enum && !merged.choices && KNOWN_CHOICES[k]) merged.choices = KNOWN_CHOICES[k];
    return [k, merged];
  });
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
        h("option", { value: JSON.stringify(c), selected: c === spec.default }, c),
      ),
    );
    input.read = () => JSON.parse(input.value);
  } else if (type === "boolean" || type === "bool") {
    input = h("input", { id, "data-testid": id, type: "checkbox", checked: !!spec.default });
    input.read = () => input.checked;
  } else if (["integer", "int", "number"].includes(type)) {
    input = h("input", {
      id,
      "data-testid": id,
      type: "number",
      value: spec.default ?? "",
      min: spec.minimum ?? spec.min,
      max: spec.maximum ?? spec.max,
    });
    input.read = () => (input.value === "" ? undefined : Number(input.value));
  } else {
    input = h("input", { id, "data-testid": id, value: spec.default ?? "" });
    input.read = () => (input.value === "" ? undefined : input.value);
  }
  const text = spec.title || spec.label || key.replaceAll("_", " ");
  const range = rangeText(spec);
  const help = [spec.description || spec.help, range ? `(${range})` : ""].filter(Boolean).join(" ");
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
  const list = h("div", { class: "tables", "data-testid": "table-list" }, "Loading…");
  const finished = h("div", { class: "tables", "data-testid": "finished-list" });
  const rulesLink = h("a", { href: "/rules/tichu", "data-testid": "lobby-rules" }, "How to play");
  let games = [];
  let inputs = [];

  function showOptions() {
    const game = games.find((g) => g.name === gameSelect.value);
    inputs = normalizeOptions(game).map(([k, s]) => optionInput(k, s));
    optionsBox.replaceChildren(...inputs.map((i) => i.row));
    rulesLink.href = `/rules/${gameSelect.value}`;
  }
  gameSelect.addEventListener("change", showOptions);

  async function create(e) {
    e.preventDefault();
    const options = {};
    for (const { key, input } of inputs) {
      const value = input.read();
      if (value !== undefined) options[key] = value;
    }
    try {
      const name = nameInput.value.trim() || `${gameSelect.value} table`;
      const res = await api.createTable(gameSelect.value, options, name);
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
      h("td", {}, t.name || t.id),
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
    ),
    h(
      "main",
      { class: "lobby page", "data-testid": "lobby" },
      msg,
      h(
        "form",
        { class: "create", onsubmit: create },
        h("h2", {}, "New table"),
        h("label", {}, "Game ", gameSelect, " ", rulesLink),
        h("label", {}, "Name ", nameInput),
        optionsBox,
        h("button", { class: "primary", type: "submit", "data-testid": "create-table" }, "Create"),
      ),
      h("section", {}, h("h2", {}, "Tables"), list),
      h("section", {}, h("h2", {}, "Finished (watch the replay)"), finished),
    ),
  );

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
