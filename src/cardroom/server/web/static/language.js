// The language switcher shown on every page: a <select> of the room's languages, each in its
// own name. A change is remembered (localStorage) and the page is drawn again in the new
// language by main.js (an open table keeps its seat: the same seat token reconnects).
import { h } from "./dom.js";
import { LANGUAGES, NATIVE, language, t } from "./i18n.js";

export const CHANGED = "cardroom:language";

export function languageSwitcher() {
  const select = h(
    "select",
    {
      class: "lang-switch",
      "data-testid": "lang-switch",
      "aria-label": t("nav.language"),
      onchange: () => window.dispatchEvent(new CustomEvent(CHANGED, { detail: select.value })),
    },
    LANGUAGES.map((lang) => h("option", { value: lang, lang, selected: lang === language() }, NATIVE[lang])),
  );
  return select;
}
