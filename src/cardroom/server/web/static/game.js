// The interface every game module (tichu.js, toepen.js) implements. table.js talks to a game
// only through these members; checkGame() verifies them when the page loads, so a missing one
// fails loudly instead of half-rendering a table.
//
// `view` is the table's read-only state handed to every call:
//   view.obs        the current observation (contracts §2, §3, §6)
//   view.mySeat     your seat number, or null when watching
//   view.name(seat) a seat's display name ("Bea", "Carl (you)")
//   view.history    the public events so far (server `welcome.history` + live `ev` events)
//   view.selected   the card codes selected in your hand
//   view.local      scratch space the module may keep between renders (reset after an action)
//   view.render()   re-render after the module changed view.local
//
// Members (all required):
//   singleSelect: boolean             one card per play (Toepen) or card sets (Tichu)
//   isCardAction(a) -> bool           a legal action that plays cards from the hand
//   cardsOf(a) -> [code]              the cards of such an action
//   isPanelAction(a) -> bool          actions the module's own panels offer (no generic button)
//   relation(view, seat) -> string    "partner", "left", "team A", … ("" for none)
//   phaseText(view) -> string         one line: round/hand, phase, whose turn
//   seatInfo(view, seat) -> [Node]    badges at a seat (calls, lives, out order, points, …)
//   trickPlays(view) -> [{seat, cards:[code], label, top, kind}]  the cards on the table, each
//                                     shown at the seat that played it (kind: "bomb", "dog", …)
//   center(view) -> [Node]            banners in the middle (wish, stake, Dog lead, Dragon gift)
//   passed(view) -> [seat]            seats showing a "pass" marker now
//   lastTrick(view) -> {plays:[{seat, cards}], winner} | null   the previous trick
//   panels(view) -> [Node]            module panels above the hand (exchange, …)
//   onCardClick(view, code) -> bool   true when the module consumed a hand click
//   label(view, a) -> string          text of a non-card action button
//   chooserTitle(view, [a]) / chooserLabel(view, a) -> string   several plays for one selection
//   roundSummary(view) -> Node | null the last round's explanation (points, calls, …)
//   scoreSheet(view) -> Node          the running score sheet
//   counter(view) -> Node | null      the card counter (cards still out), null if none
//   eventText(view, ev) -> string | null   one history sentence ("Bea played a pair of 7s")
//   sortKey(code, by) -> number       hand order; by = "rank" | "suit"
//   rankOf(code) -> string            the key a player types to pick the card ("7", "J", "1")
//   handMarks(view) -> {code: text}   a note on cards of your hand ("→ Bram", "from Cleo")
//   autoAction(view) -> string | null an action the page sends by itself because it is the only
//                                     one and no real choice (Toepen's lone "No signal")

export const MEMBERS = [
  "singleSelect", "isCardAction", "cardsOf", "isPanelAction", "relation", "phaseText",
  "seatInfo", "trickPlays", "center", "passed", "lastTrick", "panels", "onCardClick", "label",
  "chooserTitle", "chooserLabel", "roundSummary", "scoreSheet", "counter", "eventText",
  "sortKey", "rankOf", "handMarks", "autoAction",
];

export function checkGame(name, module) {
  const missing = MEMBERS.filter((m) => !(m in module));
  if (missing.length) throw new Error(`game module ${name} lacks: ${missing.join(", ")}`);
  return module;
}

// Where seat `seat` sits for a viewer at `me` among `n`: percent [x, y] on the table, you at
// the bottom, the next seat to your left, the rest around (Tichu: partner across).
export function seatPosition(seat, me, n, radius = 1, ry = radius) {
  const k = (seat - (me ?? 0) + n) % n;
  const angle = (2 * Math.PI * k) / n;
  return [50 - 48 * radius * Math.sin(angle), 50 + 41 * ry * Math.cos(angle)];
}

// Which side of the table a seat is on for a viewer at `me` among `n`: "me", "left", "across",
// "right", or "" for a seat between them (a class on its box and its play: style.css places a
// play by it where the felt is narrow).
export function seatSide(seat, me, n) {
  const k = (seat - (me ?? 0) + n) % n;
  return { 0: "me", [n / 4]: "left", [n / 2]: "across", [(3 * n) / 4]: "right" }[k] || "";
}

// How a seat box hangs from its point: the left seat's box extends right, the right seat's
// left, so boxes stay on the table at any width ("translate(-x%, -50%)").
export function seatAnchor(seat, me, n) {
  const k = (seat - (me ?? 0) + n) % n;
  const sin = Math.sin((2 * Math.PI * k) / n);
  return `translate(-${(50 - 50 * sin).toFixed(0)}%, -50%)`;
}
