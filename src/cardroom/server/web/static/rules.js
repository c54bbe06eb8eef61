// How to play (/rules/tichu, /rules/toepen): the rules in short, in the page's language (the
// catalogue's rules.<game>.* texts, translated from docs/rules/), the special cards drawn as on the
// table, and each option of the game with its default and description.
import * as api from "./api.js";
import { cardEl } from "./cards.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { optionText } from "./lobby.js";
import { siteHeader } from "./nav.js";

const p = (key) => h("p", {}, t(key));
const dl = (pairs) => h("dl", {}, pairs.flatMap(([term, d]) => [h("dt", {}, term), h("dd", {}, d)]));
const terms = (prefix, names) => dl(names.map((n) => [t(`${prefix}.${n}`), t(`${prefix}.${n}.text`)]));
const hand = (game, codes) =>
  h("div", { class: "hand", style: `--n:${codes.length}` }, codes.map((c, i) => cardEl(game, c, { style: `--i:${i};--d:0` })));

const RULES = {
  tichu: () => [
    h("h1", {}, gameTitle("tichu")),
    p("rules.tichu.intro"),
    h("h2", {}, t("rules.tichu.cards")),
    p("rules.tichu.cards.text"),
    hand("tichu", ["MJ", "DOG", "PHX", "DRG", "5G", "10K", "KB", "AR"]),
    terms("rules.tichu.special", ["mahjong", "dog", "phoenix", "dragon"]),
    h("h2", {}, t("rules.tichu.combos")),
    terms("rules.tichu.combo", ["simple", "full_house", "straight", "stairs", "bomb"]),
    h("h2", {}, t("rules.tichu.playing")),
    p("rules.tichu.playing.text"),
    h("h2", {}, t("rules.tichu.calls")),
    terms("rules.tichu.call", ["grand", "tichu"]),
    h("h2", {}, t("rules.tichu.scoring")),
    p("rules.tichu.scoring.text"),
  ],
  toepen: () => [
    h("h1", {}, gameTitle("toepen")),
    p("rules.toepen.intro"),
    hand("toepen", ["JH", "QS", "KD", "AC", "7H", "8S", "9D", "10C"]),
    h("h2", {}, t("rules.toepen.order")),
    p("rules.toepen.order.text"),
    h("h2", {}, t("rules.toepen.hand")),
    p("rules.toepen.hand.text"),
    h("h2", {}, t("rules.toepen.knocking")),
    p("rules.toepen.knocking.text"),
    h("h2", {}, t("rules.toepen.laundry")),
    p("rules.toepen.laundry.text"),
  ],
};

export function mountRules(root, game, navigate) {
  const body = h("main", { class: "rules page", "data-testid": "rules" });
  root.replaceChildren(
    siteHeader(navigate),
    body,
  );
  const content = RULES[game];
  if (!content) {
    body.replaceChildren(h("p", { "data-testid": "message" }, t("rules.none", { game })));
    return;
  }
  const options = h("section", { "data-testid": "rules-options" });
  body.replaceChildren(...content(), h("h2", {}, t("rules.options")), options);
  document.title = t("rules.page_title", { game: gameTitle(game) });
  api
    .listGames()
    .then((games) => {
      const g = (games || []).find((x) => x.name === game);
      if (!g) return;
      const info = g.option_specs || {}; // description, range, choices per option
      options.replaceChildren(
        dl(
          Object.entries(g.options || {}).map(([k, v]) => {
            const spec = v !== null && typeof v === "object" && !Array.isArray(v) ? v : { default: v };
            const extra = info[k] || {};
            const text = optionText(game, k, "help", { ...extra, description: spec.description || extra.description });
            const d = spec.default;
            const shown = typeof d === "boolean" ? t(d ? "common.on" : "common.off") : typeof d === "string" ? optionText(game, k, `choice.${d}`) : JSON.stringify(d);
            return [optionText(game, k), t("rules.option_default", { text, value: shown })];
          }),
        ),
      );
    })
    .catch(() => options.replaceChildren(p("rules.options_failed")));
}
