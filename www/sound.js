// Sounds made in code with the Web Audio API: nothing to download. Which sound plays is the engine's
// word (the session update's `sound`: move, capture, blast, check, chance, end, your-turn); this module
// only gives each a tone. Audio starts after the player's first press or key (browsers allow no sound
// before one) and never throws: where audio is missing the page is silent.

import { choice } from './looks.js';

/** Each sound's notes: [start (s), wave, frequency (Hz), length (s), loudness]; 'noise' is a burst. */
const TONES = {
  move: [[0, 'triangle', 440, 0.07, 0.35]],
  capture: [[0, 'square', 330, 0.04, 0.15], [0.035, 'triangle', 196, 0.12, 0.4]],
  blast: [[0, 'noise', 0, 0.45, 0.6], [0, 'sine', 70, 0.3, 0.5]],
  check: [[0, 'sawtooth', 880, 0.07, 0.12], [0.1, 'sawtooth', 988, 0.09, 0.12]],
  chance: [[0, 'sine', 660, 0.08, 0.25], [0.08, 'sine', 880, 0.08, 0.25], [0.16, 'sine', 1320, 0.16, 0.25]],
  end: [[0, 'triangle', 523, 0.16, 0.3], [0.16, 'triangle', 392, 0.16, 0.3], [0.32, 'triangle', 262, 0.4, 0.3]],
  'your-turn': [[0, 'sine', 784, 0.1, 0.3], [0.12, 'sine', 1047, 0.18, 0.3]],
};

let audio = null;

/** Opens (or wakes) the audio output, from within a press or key: the only time browsers allow it. */
function wake() {
  if (choice('sound') !== 'on') return;
  try {
    audio ??= new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
  } catch {
    audio = null; // no Web Audio here: silent
  }
}

/** Listens for the player's first gestures (and later ones: a phone suspends audio in the background). */
export function bindSound() {
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, wake, { capture: true, passive: true });
}

/** Plays `name` (a sound the engine named) unless sound is off or audio is not open yet. */
export function playSound(name) {
  const notes = TONES[name];
  if (!notes || choice('sound') !== 'on' || audio?.state !== 'running') return;
  try {
    const t0 = audio.currentTime + 0.01;
    for (const [start, wave, frequency, length, loudness] of notes) note(t0 + start, wave, frequency, length, loudness);
  } catch {
    return;
  }
  // The sounds started, newest last, for tests and tools (a sound cannot be seen).
  const log = (document.body.dataset.sounds || '').split(' ').filter(Boolean).slice(-15);
  document.body.dataset.sounds = [...log, name].join(' ');
}

function note(at, wave, frequency, length, loudness) {
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(loudness, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  gain.connect(audio.destination);
  let source;
  if (wave === 'noise') {
    const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * length), audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    source = audio.createBufferSource();
    source.buffer = buffer;
    const muffle = audio.createBiquadFilter();
    muffle.frequency.value = 900;
    source.connect(muffle).connect(gain);
  } else {
    source = audio.createOscillator();
    source.type = wave;
    source.frequency.setValueAtTime(frequency, at);
    source.connect(gain);
  }
  source.start(at);
  source.stop(at + length + 0.02);
}
