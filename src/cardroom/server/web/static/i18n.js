// Messages from the catalogues (the same JSON files the server and the terminal use): t(key, params)
// gives the text of a key in the page's language, "{name}" placeholders filled. main.js loads the
// language before the first render, so t() is synchronous everywhere else.

let messages = {};
let fallback = {};
let current = "en";

export const LANGUAGES = ["en", "ja", "ko", "zh-TW", "nl", "de", "el"];

export function language() {
  return current;
}

async function fetchCatalogue(lang) {
  const response = await fetch(`/i18n/${lang}.json`);
  return response.ok ? response.json() : {};
}

export async function loadLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  [messages, fallback] = await Promise.all([
    fetchCatalogue(current),
    current === "en" ? Promise.resolve(null) : fetchCatalogue("en"),
  ]);
  if (fallback === null) fallback = messages;
  document.documentElement.lang = current;
}

export function t(key, params = {}) {
  const text = messages[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
