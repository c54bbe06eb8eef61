// The header of every page but the table's (the table keeps a one-line bar of its own, with the
// home link and its game's rules): home, both games' rules, the daily challenge, the duplicate
// event, what the page itself adds (its title), and the language switcher. One header for all,
// so no page lacks a way to the others; navigate (main.js) follows a link without a reload.
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { languageSwitcher } from "./language.js";

export function siteHeader(navigate, ...extra) {
  const link = (path, text, testid, cls) =>
    h("a", { href: path, class: cls, "data-testid": testid, onclick: (e) => (e.preventDefault(), navigate(path)) }, text);
  return h(
    "header",
    { class: "bar", "data-testid": "site-nav" },
    link("/", t("app.title"), "nav-home", "home"),
    link("/rules/tichu", t("nav.rules", { game: gameTitle("tichu") }), "nav-rules-tichu"),
    link("/rules/toepen", t("nav.rules", { game: gameTitle("toepen") }), "nav-rules-toepen"),
    link("/challenge", t("lobby.challenge"), "nav-challenge"),
    link("/event", t("lobby.event"), "nav-event"),
    extra,
    languageSwitcher(),
  );
}
