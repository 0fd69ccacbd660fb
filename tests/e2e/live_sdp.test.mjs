// The engine's compact handshake in a real browser: Chromium's own offer and answer go through an
// invitation and an answer link (made and read by the engine, in two sessions), and the descriptions the
// engine rebuilds from them open a data channel on loopback with no ICE server. Page-free: the two peer
// connections live in one blank page; the sessions are the engine's, loaded into this process.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start, loadEngine } from './harness.mjs';

test('an invitation and an answer open a data channel between two Chromium peers', async () => {
  const engine = await loadEngine();
  const h = await start();
  try {
    const page = await h.browser.newPage();
    await page.goto('about:blank');
    const gathered = `(pc) => new Promise((done) => {
      if (pc.iceGatheringState === 'complete') return done();
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && done());
    })`;
    const offerSdp = await page.evaluate(async (gathered) => {
      const wait = eval(gathered);
      const inviter = new RTCPeerConnection();
      window.channel = inviter.createDataChannel('chessfront');
      window.inviter = inviter;
      await inviter.setLocalDescription(await inviter.createOffer());
      await wait(inviter);
      return inviter.localDescription.sdp;
    }, gathered);

    const white = engine.Session.inMemory();
    white.newGame('chess', 'link', 0);
    const invited = white.liveInvite({ baseMs: 300000, incrementMs: 3000 }, offerSdp, Date.now());
    assert.match(invited.invitation, /^live=[A-Za-z0-9_-]+$/);
    const black = engine.Session.inMemory();
    const opened = black.openLink(`http://127.0.0.1/#${invited.invitation}`);
    assert.equal(opened.live.role, 'answer');

    const answerSdp = await page.evaluate(async ({ gathered, sdp }) => {
      const wait = eval(gathered);
      const answerer = new RTCPeerConnection();
      window.received = new Promise((got) => {
        answerer.addEventListener('datachannel', (e) => e.channel.addEventListener('message', (m) => got(m.data)));
      });
      await answerer.setRemoteDescription({ type: 'offer', sdp });
      await answerer.setLocalDescription(await answerer.createAnswer());
      await wait(answerer);
      window.answerer = answerer;
      return answerer.localDescription.sdp;
    }, { gathered, sdp: opened.live.offerSdp });

    const answered = black.liveAnswer(answerSdp, Date.now());
    assert.match(answered.answer, /^answer=[A-Za-z0-9_-]+$/);
    const back = white.openLink(answered.answer);
    assert.equal(back.live.role, 'offer');
    console.log(`invitation ${invited.chars} characters, answer ${answered.chars}; Chromium's offer ${offerSdp.length}, answer ${answerSdp.length}`);

    const message = await page.evaluate(async (sdp) => {
      await window.inviter.setRemoteDescription({ type: 'answer', sdp });
      await new Promise((open) => (window.channel.readyState === 'open' ? open() : window.channel.addEventListener('open', open)));
      window.channel.send('hello over the channel');
      return window.received;
    }, back.live.answerSdp);
    assert.equal(message, 'hello over the channel');
  } finally {
    await h.close();
  }
});

// The frozen live vectors (tests/links/live_vectors.txt) through the page's bindings: each malformed
// invitation or answer opened as an address is refused with its code; each malformed message too.
test('the live vectors are refused with their codes by the wasm session', async () => {
  const engine = await loadEngine();
  const lines = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'links', 'live_vectors.txt'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  assert.ok(lines.length >= 30, `${lines.length} vectors`);
  for (const [name, expect, text] of lines) {
    const session = engine.Session.inMemory();
    if (/^(https:\/\/[^#]*#)?(live|answer)=/.test(text)) {
      const update = session.openLink(text);
      const code = update.notice?.code;
      if (expect.startsWith('error:')) assert.equal(code, expect.slice(6), name);
      // A well-formed one reads (its game may still be refused: a fresh browser invited nobody).
      else assert.ok(!/^live-(malformed|truncated|corrupted|newer-version|sdp-unusable)$/.test(code ?? ''), `${name}: ${code}`);
    } else {
      // A message needs a live game; a malformed one is refused before that is asked.
      let code;
      try {
        session.liveReceive(text, Date.now());
      } catch (e) {
        code = e.code;
      }
      assert.equal(code, expect.startsWith('error:') ? expect.slice(6) : 'no-game', name);
    }
  }
});
