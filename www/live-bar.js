// The live game's bar: the connection's state (also as a chip in the players' line above the board, so
// it stays in sight), the questions to answer (a takeback request, a rematch offer, an opponent gone:
// keep waiting or go on by links) and the live buttons (ask to take back, play live again). Under the
// board on a phone, at the top of the side panel on a wide screen. The words of the live state are the
// session's; the page says only what belongs to the handshake it runs.
import { el, setText } from './live-dom.js';

/** The same breakpoint as the one-column layout in style.css. */
const narrow = matchMedia('(max-width: 760px)');

export class LiveBar {
  /** `actions`: { takeback, answerTakeback(accept), byLinks, again, acceptRematch, showInvitation } */
  constructor(host, actions) {
    const t = host.t;
    this.host = host;
    this.dismissed = false; // "keep waiting" pressed for the opponent's absence shown
    this.chip = el('span', { id: 'live-chip', class: 'live-chip' });
    this.connection = el('p', { id: 'live-connection', class: 'live-connection', role: 'status' });
    this.prompts = el('div', { class: 'live-prompts' });
    const button = (id, label, run, primary = false) => {
      const b = el('button', { id, type: 'button', class: primary ? 'primary' : null }, label);
      b.addEventListener('click', run);
      return b;
    };
    this.buttons = {
      accept: button('live-accept', t('live.accept'), () => actions.answerTakeback(true), true),
      decline: button('live-decline', t('live.decline'), () => actions.answerTakeback(false)),
      rematch: button('live-rematch', t('live.acceptRematch'), actions.acceptRematch, true),
      wait: button('live-keep-waiting', t('live.keepWaiting'), () => {
        this.dismissed = true;
        this.host.app.hooks.render();
      }),
      links: button('live-by-links', t('live.byLinks'), actions.byLinks),
      again: button('live-again', t('live.again'), actions.again, true),
      takeback: button('live-takeback', t('live.askTakeback'), actions.takeback),
      invitation: button('live-show-invitation', t('live.showInvitation'), actions.showInvitation),
    };
    this.own = el('div', { class: 'live-own' }, this.buttons.takeback, this.buttons.invitation);
    this.bar = el('div', { id: 'live-bar', class: 'live-bar', hidden: true }, this.connection, this.prompts, this.own);
    narrow.addEventListener('change', () => this.place());
    this.place();
  }

  place() {
    if (narrow.matches) document.getElementById('player-bottom').after(this.bar);
    else document.getElementById('banner').before(this.bar);
  }

  /** A question with its buttons (its words, when the connection's line does not say them). */
  prompt(id, text, ...buttons) {
    this.prompts.append(el('div', { id, class: 'live-prompt' }, text ? el('p', {}, text) : null, el('div', { class: 'live-prompt-buttons' }, ...buttons)));
  }

  /** The connection in a word, for the chip. */
  chipWord(connection) {
    const t = this.host.t;
    if (connection === 'connected') return t('live.chipConnected');
    if (connection === 'disconnected') return t('live.chipDisconnected');
    if (connection === 'links') return t('live.chipLinks');
    return t('live.chipWaiting');
  }

  /**
   * Draws the live state of `state` (its session's `live`, or null) and the handshake under way in this
   * tab (`handshake`: `{ words, waiting }` or null).
   */
  render(state, handshake) {
    const t = this.host.t;
    const live = state.session.live;
    this.bar.hidden = !live && !handshake;
    this.chip.remove();
    if (this.bar.hidden) return;
    const connection = live?.connection ?? 'waiting';
    if (connection !== 'disconnected') this.dismissed = false;
    const words = handshake?.words ?? live?.words?.connection ?? '';
    setText(this.connection, words);
    // The chip beside the opponent's clock says it in a word (the bar and the chip's title say it whole).
    setText(this.chip, handshake ? t('live.chipWaiting') : this.chipWord(connection));
    this.chip.title = words;
    for (const node of [this.connection, this.chip]) node.dataset.connection = handshake ? 'handshake' : connection;
    document.getElementById('player-top').append(this.chip);
    document.body.dataset.live = handshake ? 'handshake' : connection; // for tests and tools
    this.prompts.textContent = '';
    const w = live?.words ?? {};
    if (live?.takeback?.by === 'opponent') this.prompt('live-takeback-prompt', w.takeback ?? '', this.buttons.accept, this.buttons.decline);
    else if (live?.takeback) this.prompt('live-takeback-prompt', w.takeback ?? '');
    if (live?.rematch) this.prompt('live-rematch-prompt', w.rematch ?? '', this.buttons.rematch);
    // A flag fall the banner does not say already.
    if (live?.flagged != null && w.flagged && !state.session.banner) this.prompt('live-flag', w.flagged);
    if (connection === 'disconnected' && !handshake && !this.dismissed) {
      this.prompt('live-gone', '', this.buttons.wait, this.buttons.links, this.buttons.again);
    }
    this.buttons.takeback.hidden = !live?.takebackOffered;
    this.buttons.invitation.hidden = !handshake?.waiting;
  }
}
