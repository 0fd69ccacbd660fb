// The handshake dialog of live play: the time control and the STUN setting before an invitation is
// made; then the invitation (or, in the friend's browser, the answer) as a link and a QR code with Copy
// and Share, the connection's state, and on the inviting side a field to paste the answer link into.
// It only shows and gathers: live.js makes the connection and asks the session.
import { el, setText } from './live-dom.js';
import { stunSetting, keepStunSetting } from './live-stun.js';

export class LiveDialog {
  /**
   * @param host the page's parts (t, copyText, canShare, shareLink, drawQr)
   * @param actions `{ make(control), paste(text), inviteSeat(seat), closed() }`
   */
  constructor(host, actions) {
    this.host = host;
    this.actions = actions;
    this.build();
  }

  build() {
    const t = this.host.t;
    this.title = el('h2', { id: 'live-title' });
    this.control = el('select', { id: 'live-control' });
    this.minutes = el('input', { id: 'live-minutes', type: 'number', min: '0.1', max: '600', step: 'any', value: '5', inputmode: 'decimal' });
    this.increment = el('input', { id: 'live-increment', type: 'number', min: '0', max: '600', value: '3', inputmode: 'numeric' });
    this.custom = el('div', { class: 'live-custom', hidden: true },
      el('label', {}, t('live.minutes'), this.minutes), el('label', {}, t('live.increment'), this.increment));
    this.stun = el('input', { id: 'live-stun', type: 'checkbox' });
    this.stunServer = el('input', { id: 'live-stun-server', spellcheck: 'false', autocomplete: 'off' });
    this.make = el('button', { id: 'live-make', type: 'submit', class: 'primary' }, t('live.make'));
    this.controlRow = el('label', {}, t('live.control'), this.control);
    this.setup = el('form', { id: 'live-setup', class: 'live-setup' },
      this.controlRow, this.custom,
      el('label', { class: 'check-row' }, this.stun, ' ', el('span', {}, t('live.stun'))),
      el('p', { class: 'about' }, t('live.stunAbout')),
      el('label', { id: 'live-stun-row' }, t('live.stunServer'), this.stunServer),
      el('div', { class: 'dialog-buttons' }, el('button', { type: 'button', 'data-close': '' }, t('chooser.cancel')), this.make));
    this.state = el('p', { id: 'live-state', class: 'live-state', role: 'status' });
    this.linkLabel = el('label', { for: 'live-link' });
    this.link = el('input', { id: 'live-link', readonly: true, spellcheck: 'false' });
    this.copy = el('button', { id: 'live-copy', type: 'button' }, t('link.copy'));
    this.share = el('button', { id: 'live-share', type: 'button', hidden: true }, t('link.share'));
    this.qr = el('canvas', { id: 'live-qr', role: 'img', 'aria-label': t('live.qrLabel') });
    this.pasteInput = el('input', { id: 'live-paste', spellcheck: 'false', autocomplete: 'off', placeholder: t('live.pastePlaceholder') });
    this.pasteError = el('p', { id: 'live-paste-error', class: 'form-error', role: 'alert', hidden: true });
    this.pasteForm = el('form', { id: 'live-paste-form', class: 'live-paste' },
      el('label', { for: 'live-paste' }, t('live.paste')),
      el('div', { class: 'link-row' }, this.pasteInput, el('button', { id: 'live-connect', type: 'submit' }, t('live.connect'))),
      this.pasteError);
    this.linkBox = el('div', { class: 'live-link' }, this.linkLabel,
      el('div', { class: 'link-row' }, this.link, this.copy, this.share), el('div', { class: 'qr-box' }, this.qr));
    this.next = el('div', { id: 'live-next', class: 'live-next' });
    this.handshake = el('div', { id: 'live-handshake', class: 'live-handshake', hidden: true },
      this.state, this.linkBox, this.pasteForm, this.next,
      el('div', { class: 'dialog-buttons' }, el('button', { id: 'live-hide', type: 'button', 'data-close': '' }, t('live.hide'))));
    this.note = el('p', { id: 'live-note', role: 'status' });
    this.noteBox = el('div', { class: 'live-handshake', hidden: true }, this.note,
      el('div', { class: 'dialog-buttons' }, el('button', { id: 'live-note-close', type: 'button', 'data-close': '' }, t('live.close'))));
    this.dialog = el('dialog', { id: 'live-dialog', 'aria-labelledby': 'live-title' }, this.title, this.setup, this.handshake, this.noteBox);
    document.body.append(this.dialog);
    this.bind();
  }

  bind() {
    const { t, copyText, shareLink } = this.host;
    this.control.addEventListener('change', () => (this.custom.hidden = this.control.value !== 'custom'));
    this.stun.addEventListener('change', () => this.keepStun());
    this.stunServer.addEventListener('change', () => this.keepStun());
    this.setup.addEventListener('submit', (e) => {
      e.preventDefault();
      this.keepStun();
      this.actions.make(this.chosenControl());
    });
    this.pasteForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.pasteInput.value.trim();
      if (text) this.actions.paste(text);
    });
    this.copy.addEventListener('click', async () => {
      const ok = await copyText(this.link.value, this.link);
      setText(this.copy, t(ok ? 'link.copied' : 'link.selectAndCopy'));
      setTimeout(() => setText(this.copy, t('link.copy')), 2000);
    });
    this.share.addEventListener('click', () => shareLink(this.link.value, this.shareTitle));
    this.link.addEventListener('focus', () => this.link.select());
    for (const button of this.dialog.querySelectorAll('[data-close]')) button.addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('close', () => this.actions.closed());
  }

  keepStun() {
    keepStunSetting({ on: this.stun.checked, server: this.stunServer.value });
    this.stunServer.disabled = !this.stun.checked;
  }

  /** `{ baseMs, incrementMs }` chosen, or null for no clock. */
  chosenControl() {
    const value = this.control.value;
    if (value === 'none') return null;
    if (value === 'custom') {
      const minutes = Math.max(0, Number(this.minutes.value) || 0);
      const seconds = Math.max(0, Number(this.increment.value) || 0);
      return { baseMs: Math.round(minutes * 60_000), incrementMs: Math.round(seconds * 1000) };
    }
    const preset = this.presets[Number(value)];
    return { baseMs: preset.baseMs, incrementMs: preset.incrementMs };
  }

  /**
   * The first step: the time control (the engine's presets, a custom one, or none; left out when the game
   * keeps the control it was played live with) and the STUN setting.
   */
  showSetup({ presets, keepsControl }) {
    const t = this.host.t;
    setText(this.title, t('live.title'));
    this.presets = presets;
    this.control.textContent = '';
    presets.forEach((p, i) => this.control.append(el('option', { value: String(i) }, p.name)));
    this.control.append(el('option', { value: 'custom' }, t('live.custom')), el('option', { value: 'none' }, t('live.noClock')));
    this.control.value = String(Math.min(1, presets.length - 1));
    this.custom.hidden = true;
    this.controlRow.hidden = keepsControl;
    const stun = stunSetting();
    this.stun.checked = stun.on;
    this.stunServer.value = stun.server;
    this.stunServer.disabled = !stun.on;
    this.make.disabled = false;
    this.setup.hidden = false;
    this.handshake.hidden = true;
    this.noteBox.hidden = true;
    this.open();
    this.make.focus();
  }

  /**
   * The handshake: `role` "offer" (the inviter: the invitation, the paste field) or "answer" (the friend:
   * the answer); `url` the link to send (none while it is prepared), to `seatName`; `state` the words of the moment;
   * `seats` the seats still to invite (the hub of a game of more than two), as `[{ seat, name }]`.
   */
  async showHandshake({ role, url, state, failed = false, seats = [], shareTitle = '', seatName = '' }) {
    const t = this.host.t;
    this.setup.hidden = true;
    this.handshake.hidden = false;
    this.noteBox.hidden = true;
    this.shareTitle = shareTitle;
    const answering = role !== 'offer';
    setText(this.title, t(answering ? 'live.answerTitle' : 'live.title'));
    setText(this.linkLabel, answering ? t('live.answerLink') : t('live.inviteLink', { seat: seatName }));
    setText(this.state, state);
    this.state.classList.toggle('failed', failed);
    this.linkBox.hidden = !url;
    if (!url) this.link.value = ''; // an earlier handshake's link is not this one's
    this.pasteForm.hidden = role !== 'offer' || !url;
    this.share.hidden = !this.host.canShare();
    this.next.textContent = '';
    for (const { seat, name } of seats) {
      const button = el('button', { type: 'button', 'data-seat': String(seat) }, t('live.inviteNext', { seat: name }));
      button.addEventListener('click', () => this.actions.inviteSeat(seat));
      this.next.append(button);
    }
    this.open();
    if (url && this.link.value !== url) {
      this.link.value = url;
      this.pasteInput.value = '';
      this.pasteError.hidden = true;
      if (!(await this.host.drawQr(this.qr, url))) this.qr.parentElement.hidden = true;
      else this.qr.parentElement.hidden = false;
    }
  }

  /** A message of its own (an answer link handed to the game's tab, or to none). */
  showNote(text) {
    setText(this.title, this.host.t('live.title'));
    setText(this.note, text);
    this.setup.hidden = this.handshake.hidden = true;
    this.noteBox.hidden = false;
    this.open();
  }

  /** A pasted answer that was refused: its message under the field. */
  pasteRefused(message) {
    setText(this.pasteError, message);
    this.pasteError.hidden = false;
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  get isOpen() {
    return this.dialog.open;
  }
}
