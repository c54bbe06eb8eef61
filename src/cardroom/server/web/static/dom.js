// A tiny element builder: h("div", {class: "x", "data-testid": "y", onclick: f}, child, ...).
// A child may also be a preact vnode (the game modules and the felt are components, see ui.js):
// it is rendered to real nodes in place.
import { isValidElement, toDom } from "./ui.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "value") {
      el.value = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (isValidElement(child)) el.append(...toDom(child));
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function testid(text) {
  return String(text)
    .trim()
    .replace(/[^A-Za-z0-9=()-]+/g, "_");
}
