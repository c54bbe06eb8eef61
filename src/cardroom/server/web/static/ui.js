// The view library of the table page: preact (a 4 kB virtual DOM) and htm (tagged templates
// instead of JSX), vendored under vendor/ as the npm registry ships them, so there is still no
// build step. Components re-render from the store and preact patches only what changed: the
// element holding focus, an open overlay and a running animation survive every update.
import htm from "./vendor/htm.js";
import { Fragment, h, isValidElement, render } from "./vendor/preact.js";

export { useEffect, useLayoutEffect, useRef, useState } from "./vendor/preact-hooks.js";
export { Fragment, h, isValidElement, render };
export const html = htm.bind(h);

// Real DOM nodes for a vnode (for the pages still built with dom.js: the replay, the rules).
export function toDom(vnode) {
  const box = document.createElement("div");
  render(vnode, box);
  return [...box.childNodes];
}
