// Short animations that never hold play up: a copy of some cards flies over the page to a seat
// while the table already shows the new state underneath. Off under prefers-reduced-motion
// (which the tests and the screenshots set), and never an error when an element is missing.

const reduced = () => !window.matchMedia || matchMedia("(prefers-reduced-motion: reduce)").matches;

const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

// Fly copies of `elements` to `target` (an element) in `ms` milliseconds, shrinking and fading.
export function fly(elements, target, ms = 380) {
  if (reduced() || !target || !elements.length) return;
  const [tx, ty] = centre(target.getBoundingClientRect());
  for (const el of elements) {
    const from = el.getBoundingClientRect();
    if (!from.width) continue;
    const ghost = el.cloneNode(true);
    for (const n of [ghost, ...ghost.querySelectorAll("[data-testid]")]) n.removeAttribute("data-testid");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost");
    Object.assign(ghost.style, {
      position: "fixed", left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`,
      height: `${from.height}px`, margin: "0", transform: "none", pointerEvents: "none", zIndex: "60",
    });
    document.body.append(ghost);
    const [fx, fy] = centre(from);
    const move = `translate(${tx - fx}px, ${ty - fy}px) scale(0.55)`;
    const anim = ghost.animate(
      [{ transform: "none", opacity: 1 }, { transform: move, opacity: 0.25 }],
      { duration: ms, easing: "ease-in" },
    );
    anim.finished.then(() => ghost.remove(), () => ghost.remove());
  }
}

const seatEl = (seat) => document.querySelector(`[data-testid=seat-${seat}]`);

// A trick being taken: the cards on the table sweep to the seat that took them.
export function sweepTrick(seat) {
  fly([...document.querySelectorAll("[data-testid=trick] .card")], seatEl(seat));
}

// One of your cards given to another seat (the Tichu exchange).
export function give(card, seat) {
  const el = document.querySelector(`[data-testid=hand] [data-testid="card-${card}"]`);
  if (el) fly([el], seatEl(seat), 320);
}
