// How to play (/rules/tichu, /rules/toepen): the rules in short, the special cards drawn as on
// the table, and each option of the game with its default (and description when the server
// gives one).
import * as api from "./api.js";
import { cardEl } from "./cards.js";
import { h } from "./dom.js";

const p = (text) => h("p", {}, text);
const dl = (pairs) => h("dl", {}, pairs.flatMap(([t, d]) => [h("dt", {}, t), h("dd", {}, d)]));

const RULES = {
  tichu: () => [
    h("h1", {}, "Tichu"),
    p("Four players in two teams; partners sit across. The first team to the target score (1000 by default) wins. A round: deal, calls, exchange, then tricks until three players are out."),
    h("h2", {}, "Cards"),
    p("52 cards in four suits (Jade, Sword, Pagoda, Star; 2 low … A high) and four special cards:"),
    h("div", { class: "hand", style: "--n:8" }, ["MJ", "DOG", "PHX", "DRG", "5G", "10K", "KB", "AR"].map((c, i) => cardEl("tichu", c, { style: `--i:${i};--d:0` }))),
    dl([
      ["Mah Jong (1)", "Its holder leads the first trick. When played it may wish for a rank: the next player who can play that rank (legally) must."],
      ["Dog", "Led alone; the lead passes at once to your partner. Worth nothing."],
      ["Phoenix", "A single worth ½ above the card it beats, or a wild card in a combination (never in a bomb). Costs 25 points."],
      ["Dragon", "The highest single (only a bomb beats it). Worth 25 points, but whoever wins a trick with it gives the trick to an opponent."],
    ]),
    h("h2", {}, "Combinations"),
    dl([
      ["Single, pair, three of a kind", "Beaten by a higher one of the same kind."],
      ["Full house", "Three of a kind plus a pair; compared by the three."],
      ["Straight", "Five or more cards in a row, any suits; beaten by a higher straight of the same length."],
      ["Stairs", "Two or more pairs of consecutive ranks (5 5 6 6 …)."],
      ["Bomb", "Four of a kind, or a straight of five or more in one suit. A bomb beats anything, may be played at any time (even out of turn), and only a higher bomb beats it."],
    ]),
    h("h2", {}, "Playing"),
    p("The leader plays any combination; the others in turn play a higher one of the same kind or pass. When everyone else passes, the last player takes the trick and leads. Once out of cards you are out; the round ends when three are out (or both partners of a team go out first: a double victory, 200 points)."),
    h("h2", {}, "Calls"),
    dl([
      ["Grand Tichu", "Called after seeing your first 8 cards: +200 if you go out first, −200 if not."],
      ["Tichu", "Called before you play your first card: +100 if you go out first, −100 if not."],
    ]),
    h("h2", {}, "Exchange and scoring"),
    p("After the deal each player gives one card to each other player. At the round's end the last player gives the cards in hand to the opponents and the tricks taken to the first player out. Cards count 5s 5, 10s and Kings 10, Dragon 25, Phoenix −25: 100 per round."),
  ],
  toepen: () => [
    h("h1", {}, "Toepen"),
    p("A Dutch trick game for 3 to 8 players with 32 cards (7 to A). Everyone starts with the same number of lives (10 by default); who loses them all is out; the last one standing wins."),
    h("div", { class: "hand", style: "--n:8" }, ["JH", "QS", "KD", "AC", "7H", "8S", "9D", "10C"].map((c, i) => cardEl("toepen", c, { style: `--i:${i};--d:0` }))),
    h("h2", {}, "Card order"),
    p("Within a suit: J (lowest), Q, K, A, 7, 8, 9, 10 (highest). You must follow the led suit if you can; the highest card of the led suit wins the trick."),
    h("h2", {}, "A hand"),
    p("Each player gets four cards; four tricks are played. Only the last trick counts: its winner wins the hand and every other player still in loses the stake in lives."),
    h("h2", {}, "Knocking"),
    p("At any moment a player may knock: the stake rises by one. Every other player then stays (and plays on for the higher stake) or folds (and loses the current stake at once)."),
    h("h2", {}, "Dirty laundry"),
    p("Before play a player may exchange a hand of only picture cards (J, Q, K, A) for new cards; others may challenge: whoever is wrong loses a life."),
  ],
};

export function mountRules(root, game) {
  const body = h("main", { class: "rules page", "data-testid": "rules" });
  root.replaceChildren(
    h(
      "header",
      { class: "bar" },
      h("a", { href: "/", class: "home" }, "cardroom"),
      h("a", { href: "/rules/tichu" }, "Tichu"),
      h("a", { href: "/rules/toepen" }, "Toepen"),
    ),
    body,
  );
  const content = RULES[game];
  if (!content) {
    body.replaceChildren(h("p", { "data-testid": "message" }, `No rules page for "${game}".`));
    return;
  }
  const options = h("section", { "data-testid": "rules-options" });
  body.replaceChildren(...content(), h("h2", {}, "Table options"), options);
  document.title = `${game} rules · cardroom`;
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
            const text = spec.description || extra.description || (typeof extra === "string" ? extra : "");
            return [k.replaceAll("_", " "), `${text ? `${text} ` : ""}(default: ${JSON.stringify(spec.default)})`];
          }),
        ),
      );
    })
    .catch(() => options.replaceChildren(p("The options could not be loaded.")));
}
