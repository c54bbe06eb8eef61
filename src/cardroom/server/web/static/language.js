// The language switcher shown on every page: a <select> of the room's languages, each in its
// own name. A change is remembered (localStorage) and the page is drawn again in the new
// language by main.js (an open table keeps its seat: the same seat token reconnects).
// `languageSwitcher()` is a DOM element for the pages built with dom.js (lobby, rules, replay),
// `LanguageSwitcher` the same control as a preact component for the table.
import { h } from "./dom.js";
import { LANGUAGES, NATIVE, language, t } from "./i18n.js";
import { h as vh } from "./ui.js";

export const CHANGED = "cardroom:language";

const attrs = () => ({ class: "lang-switch", "data-testid": "lang-switch", "aria-label": t("nav.language") });
const change = (value) => window.dispatchEvent(new CustomEvent(CHANGED, { detail: value }));

export function languageSwitcher() {
  const select = h(
    "select",
    { ...attrs(), onchange: () => change(select.value) },
    LANGUAGES.map((lang) => h("option", { value: lang, lang, selected: lang === language() }, NATIVE[lang])),
  );
  return select;
}

export function LanguageSwitcher() {
  return vh(
    "select",
    { ...attrs(), value: language(), onChange: (e) => change(e.currentTarget.value) },
    LANGUAGES.map((lang) => vh("option", { value: lang, lang }, NATIVE[lang])),
  );
}
