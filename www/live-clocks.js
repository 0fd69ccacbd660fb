// A live game's clocks, beside the players' names above and below the board: the running one lit, low
// time in red, tenths under ten seconds. This is display only: the session keeps the clocks (each
// seat's remaining time as of `measuredAtMs`, and which one runs) and decides a flag fall; the page
// counts down from what it said, and asks it again (`onZero`) when a shown clock reaches zero.
import { el, setText } from './live-dom.js';

/** Below this a clock is shown in red. */
const LOW_MS = 20_000;
/** Below this a clock shows tenths of a second. */
const TENTHS_MS = 10_000;

/** "4:05", "1:02:03", "0:07.4". */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < TENTHS_MS) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.ceil(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export class Clocks {
  /** `onZero()`: a running clock shown reached zero (the page asks the session, which decides). */
  constructor(onZero) {
    this.onZero = onZero;
    this.live = null;
    this.shown = []; // [{ clock, node }]
    this.asked = '';
    this.frame = 0;
  }

  /** Puts the clocks of `live` (the session's live state, or null) beside the players' names. */
  render(live) {
    this.live = live;
    for (const { node } of this.shown) node.remove();
    this.shown = [];
    for (const [i, clock] of (live?.clocks ?? []).entries()) {
      const name = document.querySelector(`#player-top [data-seat="${clock.seat}"], #player-bottom [data-seat="${clock.seat}"]`);
      if (!name) continue;
      const node = el('span', { class: 'live-clock', 'data-seat': String(clock.seat), role: 'timer', 'aria-label': live.words?.clocks?.[i] ?? null });
      name.after(node);
      this.shown.push({ clock, node });
    }
    cancelAnimationFrame(this.frame);
    this.draw();
  }

  /** The time a clock shows now. */
  left(clock) {
    return clock.running ? clock.remainingMs - (Date.now() - this.live.measuredAtMs) : clock.remainingMs;
  }

  draw() {
    this.frame = 0;
    let running = false;
    for (const { clock, node } of this.shown) {
      const left = this.left(clock);
      setText(node, clockText(left));
      node.classList.toggle('running', clock.running);
      node.classList.toggle('low', left < LOW_MS);
      if (clock.running) running = true;
      // Once per state the session gave: it may not agree yet (it measures too), the ticks go on.
      const ask = `${clock.seat} ${this.live.measuredAtMs}`;
      if (clock.running && left <= 0 && this.asked !== ask) {
        this.asked = ask;
        setTimeout(this.onZero, 0);
      }
    }
    if (running && !this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }
}
