// The page draws what the server says: legal moves, counts, move traces and results
// come from the server (and so from the rules in package board); nothing here knows
// how seeds move beyond replaying a trace's steps.
'use strict';

const $ = (id) => document.getElementById(id);
const SEEDS_DRAWN = 12; // holes with more seeds show only the number
const TINY_HOLE = 24;   // holes narrower than this (px) show their count without seeds

let cfg = null;          // /api/config
let gameId = null;
let st = null;           // the last state drawn
let vi = null;           // the drawn variant's shape
let events = null;       // EventSource
let flipped = false;
let seatedFor = '';      // the players the board was last turned for
let queue = [];          // states waiting to be drawn, in order
let busy = false;        // a state is being animated
let skipAnim = false;
let lastSeq = 0;
let clickTime = 0;
let keyColumn = null;
let stepMs = null;       // ?stepms=N fixes the delay per seed (tests, recordings)
let lastStatus = '';     // the last status message shown from a state
let stepTo = null;       // the ply asked for by stepping keys not yet answered
let stepBusy = false;    // a stepping request is being answered
window.animations = 0;   // animations started (tests check stepping runs none)
let evals = [];          // the best scores by ply, centiseeds from South's view
let values = [];         // the same as the graph draws them: proven results at a margin the game can reach
let info = null;         // the last engine lines
const PV_SHOWN = 8;      // engine lines are cut to this many moves
const LINK_MOVES = 1000; // the longest line the address holds
const LINK_CHARS = 8000; // the longest share link: the game text compressed must fit
const SAVED = 'mancala.page'; // the page's own storage (sessionStorage): what a reload restores
let savedText = '';      // the game text last saved there
let textTimer = null;

async function post(action, body) {
  const r = await fetch('/api/' + action, {
    method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(Object.assign({id: gameId}, body || {})),
  });
  const data = await r.json().catch(() => ({error: 'bad answer from the server'}));
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

// act runs an action and draws the state it returns; errors go to the status line
// (or to errBox).
async function act(action, body, errBox) {
  try {
    const s = await post(action, body);
    if (errBox) errBox.textContent = '';
    receive(s);
    return s;
  } catch (e) {
    if (errBox) errBox.textContent = e.message;
    else showStatus({message: e.message, failed: true});
    return null;
  }
}

async function start() {
  cfg = await (await fetch('/api/config')).json();
  // The games of named rules first, then each table of a rule file in its own group
  // (the Kalah boards, a --variants file's games).
  const groups = new Map();
  for (const v of cfg.variants) {
    const o = document.createElement('option');
    o.value = v.name; o.textContent = v.title;
    if (!v.family) { $('variant').append(o); continue; }
    if (!groups.has(v.family)) {
      const g = document.createElement('optgroup');
      g.label = v.family;
      groups.set(v.family, g);
      $('variant').append(g);
    }
    groups.get(v.family).append(o);
  }
  const want = new URLSearchParams(location.search);
  // A link naming a game this server does not have says so and starts the default
  // game; its moves belong to that game and are not replayed.
  const linked = want.get('variant');
  if (linked && !cfg.variants.some((v) => v.name === linked)) {
    showStatus({message: `the link's game "${linked.slice(0, 40)}" is unknown here: started ${cfg.variants[0].title} instead`, failed: true});
    for (const k of ['variant', 'moves', 'start', 'ply']) want.delete(k);
  }
  if (want.get('variant')) $('variant').value = want.get('variant');
  if (want.get('south')) $('south').value = want.get('south');
  if (want.get('north')) $('north').value = want.get('north');
  if (want.get('speed')) $('speed').value = want.get('speed');
  if (want.get('stepms')) stepMs = Number(want.get('stepms'));
  if (cfg.engine.pending) {
    fetch('/api/engine').then((r) => r.json()).then((e) => { cfg.engine = e; setupStrength(); });
  } else setupStrength();
  addMoveTime(String(want.get('movetime') || cfg.moveTimeMs));
  wire();
  // A reload (the address is the one the page last wrote) restores what the person
  // had: the server's game while it lives, else the page's own copy of it.
  const saved = readSaved();
  if (saved && saved.href === location.href && (await reattach(saved) || await restoreSaved(saved))) return;
  await newGame();
  if (want.get('game')) await restoreShared(want.get('game'));
  else if (want.get('moves') || want.get('start')) await restoreLink(want);
  if (want.get('movetime') || want.get('strength') || want.get('south') || want.get('north')) {
    // Again: the link's game, imported, has put people in both seats.
    if (want.get('south')) $('south').value = want.get('south');
    if (want.get('north')) $('north').value = want.get('north');
    if (want.get('strength')) $('strength').value = want.get('strength');
    await setPlayers();
  }
}

// readSaved is what the page last kept in its own storage (null: nothing).
function readSaved() {
  try { return JSON.parse(sessionStorage.getItem(SAVED)); } catch { return null; }
}

// remember keeps what a reload needs in the page's own storage: the game's id on the
// server, the address, the seats, the shown line and ply, the board's turn, the speed,
// and the game text (saveText).
function remember(s) {
  try {
    sessionStorage.setItem(SAVED, JSON.stringify({id: gameId, href: location.href, players: s.players, strength: s.strength,
      moveTimeMs: s.moveTimeMs, moves: s.moves, ply: s.ply, flipped, seatedFor, speed: $('speed').value, text: savedText}));
  } catch { /* storage full or off: a reload falls back on the address */ }
}

// saveText keeps the whole game's text (variations, scores, headers) in the page's
// storage soon after a change, for a reload after the server has closed the game:
// at most every 300 ms, and after the last change of a burst.
function saveText() {
  if (textTimer) return;
  textTimer = setTimeout(async () => {
    const id = gameId, seq = st && st.seq;
    const r = await fetch('/api/text?id=' + id).catch(() => null);
    textTimer = null;
    if (!r || !r.ok || id !== gameId) return;
    savedText = await r.text();
    if (st) remember(st);
    if (st && st.seq !== seq) saveText(); // changed meanwhile
  }, 300);
}

// reattach watches the saved game again if the server still has it: its state
// (seats, variations, scores, review, analysis) comes with the first event.
async function reattach(saved) {
  if (!saved.id) return false;
  const r = await fetch('/api/text?id=' + encodeURIComponent(saved.id)).catch(() => null);
  if (!r || !r.ok) return false;
  savedText = saved.text || '';
  flipped = !!saved.flipped; seatedFor = saved.seatedFor || ''; vi = null;
  if (saved.speed) $('speed').value = saved.speed;
  listen(saved.id);
  return true;
}

// restoreSaved rebuilds the saved game from its text, seats, shown line and ply when
// the server no longer has it (a game review is not kept).
async function restoreSaved(saved) {
  if (!saved.text) return false;
  const game = (saved.text.match(/^\[Game "([^"]*)"\]/m) || [])[1];
  if (cfg.variants.some((v) => v.name === game)) $('variant').value = game;
  await newGame();
  if (!await act('import', {text: saved.text})) return false;
  $('south').value = saved.players[0]; $('north').value = saved.players[1];
  if (saved.strength) $('strength').value = saved.strength;
  addMoveTime(String(saved.moveTimeMs || cfg.moveTimeMs));
  await setPlayers();
  await act('goto', {moves: saved.moves, ply: saved.ply});
  flipped = !!saved.flipped; seatedFor = saved.seatedFor || ''; vi = null;
  if (saved.speed) $('speed').value = saved.speed;
  if (st) draw(st);
  return true;
}

// restoreShared opens a share link's game: its text (every variation, the scores,
// the headers), the shown line and ply, compressed into the address (shareLink).
async function restoreShared(packed) {
  let g;
  try { g = JSON.parse(await unpack(packed)); } catch (e) {
    showStatus({message: `the link's game could not be read (${String(e.message || e).slice(0, 80)}): started a new game`, failed: true});
    return;
  }
  if (!await act('import', {text: String(g.t)})) return;
  if (Array.isArray(g.m)) await act('goto', {moves: g.m, ply: Number(g.p) || 0});
}

// pack compresses text (deflate-raw) into base64url, for an address; unpack undoes it.
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(packed) {
  const bin = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

// shareLink is a link to the whole game: its text (variations, scores, headers),
// the shown line and ply compressed into the address, with the seats. A game whose
// link would pass LINK_CHARS gets the address's own link (the shown line, when it
// has at most LINK_MOVES moves) and a note saying so.
async function shareLink() {
  const r = await fetch('/api/text?id=' + gameId);
  const text = await r.text();
  const q = new URLSearchParams();
  q.set('game', await pack(JSON.stringify({t: text, m: st.moves, p: st.ply})));
  q.set('south', st.players[0]); q.set('north', st.players[1]);
  if (st.strength) q.set('strength', st.strength);
  const link = location.origin + location.pathname + '?' + q.toString();
  if (link.length <= LINK_CHARS) return {link, note: ''};
  return {link: location.href, note: st.moves.length <= LINK_MOVES ?
    `the game is too long for a link with its variations (${link.length} characters, at most ${LINK_CHARS}): this link holds the line shown` :
    'the game is too long for a link: save its text or record instead'};
}

// restoreLink loads the game a link holds (start position, moves, ply); a bad link
// gives a one-line message and leaves the new game as it was.
async function restoreLink(want) {
  const moves = (want.get('moves') || '').split(',').filter((m) => m);
  let text = `[Game "${$('variant').value}"]\n`;
  if (want.get('start')) text += `[Start "${want.get('start').replace(/["\\]/g, '')}"]\n`;
  const s = await act('import', {text: text + '\n' + moves.join(' ')});
  if (!s) return;
  const ply = Number(want.get('ply'));
  if (Number.isInteger(ply) && ply >= 0 && ply <= s.moves.length) await act('goto', {ply});
}

// linkFor is the page's address holding a state's game, start, moves and ply (the
// other settings of the address stay).
function linkFor(s) {
  const q = new URLSearchParams(location.search);
  q.set('variant', s.variant);
  const v = cfg.variants.find((x) => x.name === s.variant);
  if (v && s.startFen !== v.start) q.set('start', s.startFen); else q.delete('start');
  // A line longer than LINK_MOVES is not put in the address (browsers slow down on
  // addresses of tens of kilobytes): save its text or record instead.
  if (s.moves.length && s.moves.length <= LINK_MOVES) q.set('moves', s.moves.join(',')); else q.delete('moves');
  if (s.moves.length <= LINK_MOVES) q.set('ply', String(s.ply)); else q.delete('ply');
  // The seats as they are now (a reload or a copy of the address keeps them); a
  // share link's game is read once, then the address holds the line again.
  q.set('south', s.players[0]); q.set('north', s.players[1]);
  if (s.strength) q.set('strength', s.strength); else q.delete('strength');
  q.delete('game');
  return location.pathname + '?' + q.toString().replace(/%2C/g, ',');
}

// addMoveTime selects a time per move, adding it to the menu if it is not there.
function addMoveTime(ms) {
  const sel = $('movetime');
  if (![...sel.options].some((o) => o.value === ms)) sel.append(new Option(ms + ' ms', ms));
  sel.value = ms;
}

// setupStrength offers the engine's Level (if it has one) or its Skill values.
function setupStrength() {
  const e = cfg.engine, sel = $('strength');
  $('engine-name').textContent = e.name ? '(' + e.name + ')' : '';
  if (e.error) showStatus({message: 'engine: ' + e.error, failed: true});
  sel.innerHTML = '';
  if (e.level) {
    for (let i = e.level.min; i <= e.level.max; i++) {
      const o = new Option('level ' + i, String(i));
      if (e.levelWords && e.levelWords[i]) o.title = e.levelWords[i];
      sel.append(o);
    }

    sel.value = String(e.level.default);
    showLevelWords();
  } else if (e.skill) {
    for (const s of e.skill) sel.append(new Option(s, s));
    sel.value = e.skillDefault;
  } else {
    $('strength-box').hidden = true;
  }
  if (!e.multipv) { $('analyse').disabled = true; $('multipv').disabled = true; }
}

async function newGame() {
  if (events) events.close();
  if (gameId) post('close').catch(() => {});
  const r = await fetch('/api/new', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({variant: $('variant').value, south: $('south').value, north: $('north').value})});
  const data = await r.json();
  if (!r.ok) { showStatus({message: data.error, failed: true}); return; }
  savedText = '';
  listen(data.id);
  receive(data.state);
}

// listen makes game id the page's game and follows its events.
function listen(id) {
  if (events) events.close();
  gameId = id;
  $('save').href = '/api/save?id=' + gameId;
  $('savetext').href = '/api/text?download=1&id=' + gameId;
  queue = []; lastSeq = 0; st = null;
  events = new EventSource('/api/events?id=' + gameId);
  events.addEventListener('state', (e) => receive(JSON.parse(e.data)));
  events.addEventListener('info', (e) => showInfo(JSON.parse(e.data)));
  events.addEventListener('status', (e) => showStatus(JSON.parse(e.data)));
}

function setPlayers() {
  return act('players', {south: $('south').value, north: $('north').value,
    strength: $('strength-box').hidden ? '' : $('strength').value, moveTimeMs: Number($('movetime').value)});
}

// receive queues a state; states are drawn in order, animating the move that led to
// each when it follows the drawn one.
function receive(s) {
  if (!s || s.seq <= lastSeq) return;
  lastSeq = s.seq;
  queue.push(s);
  if (!busy) drain();
}

async function drain() {
  busy = true;
  try {
    while (queue.length) {
      const s = queue.shift();
      const a = s.anim;
      if (a && st && st.variant === s.variant && a.ply === st.ply + 1 && a.seq === s.seq && queue.length < 3) {
        window.animations++;
        await animate(a, s);
      }
      draw(s);
    }
  } finally {
    busy = false;
    document.body.dataset.animating = '0';
  }
}

// Script errors are kept on the page (the browser tests check there are none).
function noteError(msg) { document.body.dataset.error = (document.body.dataset.error || '') + msg + '\n'; }
window.addEventListener('error', (e) => noteError(e.message));
window.addEventListener('unhandledrejection', (e) => noteError(String(e.reason)));

// ---- the board ----

function buildBoard(v) {
  vi = v;
  const b = $('board');
  b.innerHTML = '';
  const R = v.rows, C = v.cols;
  b.style.gridTemplateColumns = `14px repeat(${C + 2}, minmax(0, 1fr))`;
  b.style.setProperty('--cols', String(C + 2)); // counts scale with the columns (style.css)
  b.classList.toggle('wide', C > 8);
  b.style.gridTemplateRows = `14px repeat(${R}, auto) 14px`;
  const rows = [...Array(R).keys()].map((i) => (flipped ? i : R - 1 - i)); // top to bottom
  const cols = [...Array(C).keys()].map((i) => (flipped ? C - 1 - i : i)); // left to right
  const cell = (el, r, c, rs) => {
    el.style.gridRow = rs ? `${r} / span ${rs}` : String(r);
    el.style.gridColumn = String(c);
    b.append(el);
    return el;
  };
  for (const gr of [1, R + 2]) {
    cols.forEach((c, i) => {
      const d = document.createElement('div');
      d.className = 'coord'; d.textContent = String.fromCharCode(97 + c);
      cell(d, gr, i + 3);
    });
  }
  rows.forEach((r, i) => {
    const d = document.createElement('div');
    d.className = 'coord'; d.textContent = String(r + 1);
    cell(d, i + 2, 1);
    cols.forEach((c, j) => {
      const h = v.grid[r][c];
      const el = document.createElement('div');
      el.className = 'hole';
      el.dataset.hole = h;
      el.dataset.coord = String.fromCharCode(97 + c) + (r + 1);
      el.innerHTML = '<div class="seeds"></div><span class="count"></span><span class="ring"></span><span class="best-mark" title="the engine\'s best move"></span><span class="owner"></span>';
      el.addEventListener('click', () => clickHole(h));
      cell(el, i + 2, j + 3);
    });
  });
  // Stores (or Bao's reserves): each player's on their right-hand end.
  const left = flipped ? 0 : 1;
  for (const side of [left, 1 - left]) {
    const el = document.createElement('div');
    el.className = 'store';
    el.dataset.store = side;
    el.title = `${side ? 'North' : 'South'} ${v.reserves ? 'reserve' : 'store'}`;
    el.innerHTML = `<span class="label">${el.title}</span><span class="count"></span><span class="kids" hidden></span>`;
    const col = side === left ? 2 : C + 3;
    if (v.rows === 4) cell(el, side === left ? 2 : 4, col, 2);
    else cell(el, 2, col, R);
  }
  fitBoard();
}

// fitBoard shows holes too small for their seeds (a wide board on a narrow screen)
// as counts alone, large enough to read.
function fitBoard() {
  const h = $('board').querySelector('.hole');
  $('board').classList.toggle('tiny', !!h && h.clientWidth > 0 && h.clientWidth < TINY_HOLE);
}

function holeEl(h) { return $('board').querySelector(`.hole[data-hole="${h}"]`); }

function paintHole(h, n) {
  const el = holeEl(h);
  if (!el) return;
  if (el.dataset.count === String(n)) return;
  el.dataset.count = n;
  el.querySelector('.count').textContent = n;
  const seeds = el.querySelector('.seeds');
  seeds.innerHTML = '<i></i>'.repeat(Math.min(n, SEEDS_DRAWN));
  // More than SEEDS_DRAWN: a pile, its shade growing with the count (full at 40).
  el.classList.toggle('pile', n > SEEDS_DRAWN);
  el.style.setProperty('--pile', n > SEEDS_DRAWN ? String(Math.min(1, (n - SEEDS_DRAWN) / 28)) : '0');
}

function storeEl(side) { return $('board').querySelector(`.store[data-store="${side}"]`); }

function paintStore(side, n) {
  const el = storeEl(side);
  el.querySelector('.count').textContent = n;
  el.dataset.count = n;
}

function paint(counts, stores) {
  counts.forEach((n, h) => paintHole(h, n));
  paintStore(0, stores[0]); paintStore(1, stores[1]);
}

function sideName(s) { return s ? 'North' : 'South'; }

// markChildren marks the holes that are a player's child (Toguz Kumalak's tuzdik),
// from a state's or a preview's children and counts: the owner's initial in a corner,
// the owner in the tooltip, and under each store the seeds its player's children hold
// (theirs as much as the store's: in Qelat every capture stays in a child). Nobody
// plays a child: the server never lists it as legal.
function markChildren(list, counts) {
  const owner = new Map((list || []).map((c) => [c.hole, c.side]));
  const held = [0, 0];
  for (const [h, side] of owner) held[side] += counts[h] || 0;
  for (const side of [0, 1]) {
    const el = storeEl(side);
    if (!el) continue;
    const kids = el.querySelector('.kids');
    kids.hidden = held[side] === 0;
    kids.textContent = held[side] ? `+${held[side]} in children` : '';
    el.title = `${sideName(side)} ${vi && vi.reserves ? 'reserve' : 'store'}` +
      (held[side] ? `; its children hold ${held[side]} more` : '');
  }
  for (const el of $('board').querySelectorAll('.hole')) {
    const s = owner.get(Number(el.dataset.hole));
    const kid = s !== undefined;
    el.classList.toggle('child', kid);
    el.querySelector('.owner').textContent = kid ? sideName(s)[0] : '';
    if (kid) {
      el.dataset.child = sideName(s);
      el.title = `${sideName(s)}'s child: nobody plays it, and its seeds are ${sideName(s)}'s`;
    } else if (el.dataset.child) {
      delete el.dataset.child;
      el.removeAttribute('title');
    }
  }
}

// markLocked frames the holes locked by the seeds that would sow round into their
// own row (a rule file's child.lap_locked, StoneShark's rams), from a state's or a
// preview's list: nobody plays them, and their seeds are nobody's.
function markLocked(list) {
  markHoles(list, 'locked', '1', 'locked: it holds seeds enough to sow round into its own row, so nobody plays it, and its seeds are nobody\'s');
}

// markBlocked crosses out the holes out of play (for the round in a game in rounds,
// else closed for the rest of the game), from a state's or a preview's list:
// sowing passes over them, nobody plays them.
function markBlocked(list) {
  // Outside games in rounds a blocked hole was closed during play (sow.close_at).
  const rounds = !!(st && st.round);
  markHoles(list, 'blocked', rounds ? 'round' : 'game', rounds ? 'blocked for this round: sowing passes over it' :
    'closed for the rest of the game: sowing passes over it');
}

// markHoles gives the holes in list the class cls, the data attribute cls = value
// and the tooltip title, and takes them from the others.
function markHoles(list, cls, value, title) {
  const on = new Set(list || []);
  for (const el of $('board').querySelectorAll('.hole')) {
    const b = on.has(Number(el.dataset.hole));
    el.classList.toggle(cls, b);
    if (b) {
      el.dataset[cls] = value;
      el.title = title;
    } else if (el.dataset[cls]) {
      delete el.dataset[cls];
      el.removeAttribute('title');
    }
  }
}

// markOwned marks the holes of a row that the other player owns this round (a game
// of territory), from a state's or a preview's list: the owner's initial in a
// corner and a frame of the owner's side; they play it and its seeds are theirs.
function markOwned(list) {
  const owner = new Map((list || []).map((c) => [c.hole, c.side]));
  for (const el of $('board').querySelectorAll('.hole')) {
    const s = owner.get(Number(el.dataset.hole));
    const own = s !== undefined;
    el.classList.toggle('owned', own);
    if (own) {
      el.querySelector('.owner').textContent = sideName(s)[0];
      el.dataset.owned = sideName(s);
      el.title = `${sideName(s)}'s this round: ${sideName(s)} plays it, and its seeds are ${sideName(s)}'s`;
    } else if (el.dataset.owned) {
      delete el.dataset.owned;
      if (!el.classList.contains('child')) el.querySelector('.owner').textContent = '';
      el.removeAttribute('title');
    }
  }
}

function humanToMove(s) {
  return !s.result && (s.analysing || s.players[s.side] === 'human' || s.paused || s.ply < s.moves.length);
}

// showLevelWords puts the chosen level's one-line description beside the menu.
function showLevelWords() {
  const o = $('strength').selectedOptions[0];
  $('level-words').textContent = o && o.title ? o.title : '';
}

// seat turns the board to the person's side when the players change: North at the
// bottom when a person plays North against the engine (flip still turns it).
function seat(s) {
  const key = s.players.join();
  if (key === seatedFor) return;
  seatedFor = key;
  const want = s.players[0] === 'engine' && s.players[1] === 'human';
  if (want !== flipped) { flipped = want; vi = null; }
}

// drawNames puts each player's name beside their side of the board.
function drawNames(s) {
  const name = (side) => {
    if (s.players[side] === 'human') return `${sideName(side)}: person`;
    const e = cfg.engine || {};
    const lvl = s.strength || (e.level ? String(e.level.default) : e.skillDefault || '');
    return `${sideName(side)}: engine${e.name ? ' ' + e.name : ''}${lvl ? (e.level ? ', level ' : ', ') + lvl : ''}`;
  };
  const top = flipped ? 0 : 1;
  $('name-top').textContent = name(top);
  $('name-bottom').textContent = name(1 - top);
  $('name-top').classList.toggle('to-move', !s.result && s.side === top);
  $('name-bottom').classList.toggle('to-move', !s.result && s.side !== top);
}

// unit names what a score of 1.00 counts in the shown game ("seeds", Bao la
// Kimasai's log-odds units), as its profile says.
function unit() {
  const v = st && cfg.variants.find((x) => x.name === st.variant);
  return v ? {unit: v.unit, one: v.one} : {unit: 'seeds', one: 'seed'};
}

// drawUnit writes the shown game's score unit wherever the page names it.
function drawUnit() {
  const u = unit().unit;
  for (const el of document.querySelectorAll('.unit')) el.textContent = u;
  $('score-head').title = `in ${u}, from South's view: + South is ahead`;
}

// drawRounds shows a game in rounds' tally: the round shown, then each finished
// round's seeds, South's first, the larger in bold.
function drawRounds(s) {
  const el = $('rounds');
  el.hidden = !s.round;
  el.textContent = '';
  if (!s.round) return;
  el.append(`Round ${s.round}` + (s.rounds && s.rounds.length ? ' · ' : ''));
  (s.rounds || []).forEach((r, i) => {
    const item = document.createElement('span');
    item.className = 'round';
    item.title = !s.tallyTarget ? `seeds each player held at the end of round ${i + 1}` :
      `${s.tallyPoints ? 'points' : s.tallySeeds ? 'seeds' : 'rounds won'} each player added to the tally in round ${i + 1}`;
    const count = (side, n, other) => {
      const b = document.createElement('span');
      b.textContent = `${side} ${n}`;
      if (n > other) b.className = 'won';
      return b;
    };
    item.append(`round ${i + 1}: `, count('South', r.south, r.north), ', ', count('North', r.north, r.south));
    if (i > 0) el.append(' · ');
    el.append(item);
  });
  if (s.tallyTarget) { // a tallied game: the running tally and what wins
    const sum = (side) => (s.rounds || []).reduce((n, r) => n + r[side], 0);
    const t = document.createElement('span');
    t.className = 'tally';
    t.textContent = ` · ${s.tallyPoints ? 'points' : s.tallySeeds ? 'seeds' : 'rounds won'}: South ${sum('south')}, North ${sum('north')} (${s.tallyTarget} to win)`;
    el.append(t);
  }
}

function draw(s) {
  if (!humanToMove(s)) $('direction').hidden = true;
  const v = cfg.variants.find((x) => x.name === s.variant);
  seat(s);
  if (!vi || vi.name !== v.name || !$('board').children.length) buildBoard(v);
  st = s;
  drawUnit();
  paint(s.counts, s.stores);
  markChildren(s.children, s.counts);
  markLocked(s.locked);
  markBlocked(s.blocked);
  markOwned(s.owned);
  const human = humanToMove(s);
  const legal = new Set(human ? s.legal.map((m) => m.hole) : []);
  const open = new Set(s.openingLeft || []);
  // The last move: where it was played from and where its last seed fell (marks
  // that leave the legal ring alone).
  const lastMove = s.lastMove || null;
  for (const el of $('board').querySelectorAll('.hole')) {
    const h = Number(el.dataset.hole);
    el.classList.toggle('legal', legal.has(h));
    el.classList.toggle('unplayed', open.has(h));
    el.classList.toggle('from', !!lastMove && lastMove.from === h);
    el.classList.toggle('last', !!lastMove && lastMove.lastSeed === h);
    el.classList.remove('hot', 'lifted', 'captured');
  }
  for (const el of $('board').querySelectorAll('.store')) {
    el.classList.toggle('last', !!lastMove && lastMove.lastStore === Number(el.dataset.store));
    el.classList.remove('hot');
  }
  $('pass').hidden = !(human && s.pass);
  $('variant').value = s.variant;
  $('south').value = s.players[0];
  $('north').value = s.players[1];
  if (s.strength) { $('strength').value = s.strength; showLevelWords(); }
  $('analyse').checked = s.analysing;
  $('multipv').value = String(s.multipv);
  $('pause').textContent = s.paused ? 'resume' : 'pause';
  $('undo').disabled = s.ply === 0;
  $('redo').disabled = s.ply >= s.moves.length;
  if (document.activeElement !== $('fen')) $('fen').value = s.fen;
  const notes = [];
  if (s.openingLeft && s.openingLeft.length) notes.push('circled holes not yet played');
  if (s.children) notes.push('a square hole marked S or N is that player\'s child: nobody plays it, its seeds are its owner\'s');
  if (s.locked) notes.push('a hole in a dashed frame is locked: it holds seeds enough to sow round into its own row, so nobody plays it');
  if (s.blocked) notes.push(s.round ? 'a crossed-out hole is blocked for this round: sowing passes over it' :
    'a crossed-out hole is closed for the rest of the game: sowing passes over it');
  if (s.owned) notes.push('a hole marked S or N in a frame is that player\'s this round: they play it, its seeds are theirs');
  $('phase').textContent = s.phase + (notes.length ? (s.phase ? ' ' : '') + '(' + notes.join('; ') + ')' : '');
  drawRounds(s);
  let turn = '';
  if (s.result) {
    $('result').hidden = false;
    $('result').textContent = `${s.result.score} ${s.result.text}`;
    turn = 'Game over';
  } else {
    $('result').hidden = true;
    const who = s.players[s.side] === 'engine' && !s.analysing ? ' (engine)' : '';
    // After an extra turn the same side moves again, and the page says so.
    turn = `${sideName(s.side)} ${s.again ? 'again: to move' : 'to move'}${who}` + (s.pass && human ? ': no move, pass' : '');
    if (s.paused) turn += ' (paused)';
  }
  $('turn').textContent = turn;
  if (s.status && s.status !== lastStatus) showStatus({message: s.status, failed: s.failed});
  else if (!s.status) $('engine-status').textContent = ''; // the message's moment has passed
  lastStatus = s.status;
  showEngine(s.engine, null);
  drawMoves(s);
  drawNames(s);
  drawTable(s);
  drawReview(s);
  evals = s.evals || [];
  values = s.values || evals;
  drawGraph();
  markBest();
  $('board').classList.remove('previewing');
  $('preview-note').hidden = true;
  history.replaceState(null, '', linkFor(s));
  remember(s);
  saveText();
  document.body.dataset.seq = s.seq;
  document.body.dataset.ply = s.ply;
  $('hand').textContent = '';
}

// drawReview shows a game review's progress, each side's accuracy and the marks'
// meaning.
function drawReview(s) {
  const r = s.review, bar = $('review-progress');
  $('review').textContent = r && r.running ? 'stop review' : 'review game';
  $('review').disabled = !r && s.moves.length === 0;
  bar.hidden = !r;
  if (!r) { $('review-summary').textContent = ''; $('review-legend').textContent = ''; return; }
  bar.max = r.total; bar.value = r.done;
  const acc = (a) => (a === null ? '–' : a.toFixed(1) + '%');
  const shown = new Set(s.nodes);
  const count = (side, mark) => r.moves.filter((m) => m.side === side && m.mark === mark).length;
  const line = (side) => `${sideName(side)}: accuracy ${acc(r.accuracy[side])}, ` +
    `${count(side, '?!')} ?!, ${count(side, '?')} ?, ${count(side, '??')} ??`;
  $('review-summary').textContent = (r.running ? `reviewing: ${r.done} of ${r.total} positions. ` :
    r.stopped ? `Review stopped after ${r.done} of ${r.total} positions. ` : 'Reviewed. ') +
    line(0) + '; ' + line(1) + '.' + (r.moves.some((m) => m.exact) ? ' Losses from the endgame table are exact.' : '') +
    (r.moves.some((m) => !shown.has(m.node)) ? ' The review is of another line: its marks show on the moves the two share.' : '');
  $('review-legend').textContent = r.thresholds + '. n / N: next / previous marked move.';
  document.body.dataset.review = r.running ? 'running' : r.stopped ? 'stopped' : 'done';
}

// reviewedMoves are the review's moves by node: a mark belongs to the move reviewed,
// and shows only where the shown line has that move.
function reviewedMoves(s) {
  return new Map(s.review ? s.review.moves.map((m) => [m.node, m]) : []);
}

// nextMark steps to the next (dir 1) or previous (dir -1) marked move of the review
// on the shown line.
function nextMark(dir) {
  if (!st.review) return;
  const at = stepTo !== null ? stepTo : st.ply;
  const reviewed = reviewedMoves(st);
  const plies = st.nodes.map((node, i) => (reviewed.get(node) || {}).mark ? i + 1 : 0).filter((p) => p > 0);
  const target = dir > 0 ? plies.find((p) => p > at) : plies.reverse().find((p) => p < at);
  if (target !== undefined) step(target);
}

// drawTable shows each move's value from the endgame table when it holds the shown
// position: "wins by 4", "draws", "loses by 2" or bounds, best moves first.
function drawTable(s) {
  const tb = $('table-moves').tBodies[0];
  tb.innerHTML = '';
  $('table-panel').hidden = !s.table;
  const rows = (s.table || []).slice().sort((a, b) => b.lo - a.lo || b.hi - a.hi);
  for (const m of rows) {
    const tr = tb.insertRow();
    tr.className = m.best ? 'tb best' : 'tb';
    tr.insertCell().textContent = m.move;
    tr.insertCell().textContent = m.text + (m.exact ? '' : ' (bounds)');
  }
}

// ---- animation ----

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

// MAX_ANIMATION_MS bounds a move's animation however long the move: a long relay
// (Je ki n je's e2 after c1 sows 212 seeds in 33 laps) is drawn faster to fit.
const MAX_ANIMATION_MS = 3000;

// animationDelays plans the pause after each step of a trace: a seed's time at the
// speed chosen (three for a capture), or, in moves of more than 90 steps, one pause a
// lap (four seeds' time) at its last drop; all scaled down to fit MAX_ANIMATION_MS.
function animationDelays(a, perSeed) {
  const byLap = a.steps.length > 90;
  const delays = a.steps.map((x, i) => {
    const next = a.steps[i + 1];
    if (byLap && next && next.lap === x.lap && (x.k === 'drop' || x.k === 'store')) return null; // drawn with its lap
    return x.k === 'capture' ? perSeed * 3 : byLap ? perSeed * 4 : perSeed;
  });
  const total = delays.reduce((sum, d) => sum + (d || 0), 0);
  const scale = Math.min(1, MAX_ANIMATION_MS / Math.max(total, 1));
  return {byLap, delays: delays.map((d) => (d === null ? null : d * scale))};
}

// animate replays a move's trace: seed by seed, or lap by lap for long relays,
// within MAX_ANIMATION_MS.
async function animate(a, s) {
  document.body.dataset.animating = '1';
  if (clickTime) { window.clickToAnimationMs = performance.now() - clickTime; clickTime = 0; }
  skipAnim = false;
  for (const el of $('board').querySelectorAll('.hole, .store')) el.classList.remove('legal', 'last', 'from');
  $('turn').textContent = `${sideName(a.side)} plays ${a.move}: ` + (s.result ? 'game over' :
    a.again ? `${sideName(s.side)} again` : `${sideName(s.side)} to move next`);
  const counts = a.before.slice(), stores = a.stores.slice();
  const speed = Number($('speed').value);           // 1 slow .. 10 fast
  const {byLap, delays} = animationDelays(a, stepMs !== null ? stepMs : Math.round(420 / speed));
  let hand = 0;
  const touched = new Set();
  // What the animation plans and has asked for (the browser tests read it instead of a clock).
  window.lastAnimation = {move: a.move, steps: a.steps.length, laps: a.laps, delayMs: 0,
    plannedMs: delays.reduce((sum, d) => sum + (d || 0), 0)};
  paint(counts, stores);
  for (let i = 0; i < a.steps.length && !skipAnim; i++) {
    const x = a.steps[i];
    const el = x.k === 'store' || x.k === 'lift-store' ? storeEl(x.h) : holeEl(x.h); // a store step names the side
    switch (x.k) {
      case 'store':
        stores[x.h]++; hand--; el.classList.add('hot'); touched.add(el); break;
      case 'lift-store': // a relay lifting the mover's store
        stores[x.h] -= x.n; hand = x.n; el.classList.add('lifted'); touched.add(el); break;
      case 'lift': case 'seize':
        counts[x.h] -= x.n; hand = x.n; el.classList.add('lifted'); touched.add(el); break;
      case 'drop':
        counts[x.h]++; hand--; el.classList.add('hot'); touched.add(el); break;
      case 'capture':
        counts[x.h] = 0; stores[a.side] += x.n; el.classList.add('captured'); break;
      case 'give': // to the hole's owner, mid-sowing: South's row is the first half
        counts[x.h] = 0; stores[x.h < counts.length / 2 ? 0 : 1] += x.n; el.classList.add('captured'); break;
      case 'reserve':
        counts[x.h]++; stores[a.side]--; el.classList.add('hot'); touched.add(el); break;
    }
    if (x.k === 'seize') el.classList.add('captured');
    if (delays[i] === null) continue;
    if (x.k !== 'store' && x.k !== 'lift-store') paintHole(x.h, counts[x.h]);
    if (byLap) counts.forEach((n, h) => paintHole(h, n));
    paintStore(0, stores[0]); paintStore(1, stores[1]);
    $('hand').textContent = hand > 0 ? `lap ${x.lap} of ${a.laps}: ${hand} in hand` : (a.laps > 1 ? `lap ${x.lap} of ${a.laps}` : '');
    window.lastAnimation.delayMs += delays[i];
    await sleep(delays[i]);
    if (x.k === 'drop' || x.k === 'reserve' || x.k === 'store') el.classList.remove('hot');
    if (x.k === 'lift' || x.k === 'lift-store') el.classList.remove('lifted');
  }
  for (const el of touched) el.classList.remove('hot', 'lifted');
  document.body.dataset.animating = '0';
}

// ---- engine output ----

function showInfo(inf) {
  info = inf;
  const tb = $('lines').tBodies[0];
  tb.innerHTML = '';
  for (const l of inf.lines || []) {
    if (!l.depth || inf.reviewing) continue; // a review's lines are of other positions
    const tr = tb.insertRow();
    tr.className = 'pv';
    for (const t of [l.multipv, l.score, l.depth]) tr.insertCell().textContent = t;
    lineCell(tr.insertCell(), l, inf.ply);
  }
  showEngine(inf.thinking ? 'thinking' : inf.analysing ? 'analysing' : inf.reviewing ? 'reviewing' : 'idle', (inf.lines || [])[0]);
  evals = inf.evals || evals;
  values = inf.values || values;
  drawGraph();
  markBest();
}

// turns numbers moves by their movers (0 South, 1 North), going on from the turn
// before them (prev: {n, mover}, null at the start): a turn is South's moves and
// North's after them, so a side's extra moves keep its number ("3." for South,
// "3…" for North).
function turns(movers, prev) {
  const out = [];
  for (const mover of movers) {
    const n = !prev ? 1 : mover === 0 && prev.mover === 1 ? prev.n + 1 : prev.n;
    prev = {n, mover};
    out.push(prev);
  }
  return out;
}

// moveNumber gives the number and mover of the shown line's move k (0: the first).
function moveNumber(k) {
  return turns(st.movers.slice(0, k + 1), null)[k] || {n: 1, mover: 0};
}

// lineCell writes an engine line cut to PV_SHOWN moves with move numbers; a click on
// a move previews the position after it.
function lineCell(td, l, ply) {
  const nums = turns(l.movers || [], ply > 0 ? moveNumber(ply - 1) : null);
  l.pv.slice(0, PV_SHOWN).forEach((m, i) => {
    const {n, mover} = nums[i] || {n: 0, mover: 1};
    if (i === 0 || mover === 0 && nums[i - 1].mover === 1) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = n + (mover === 0 ? '. ' : '… ');
      td.append(num);
    }
    const sp = document.createElement('span');
    sp.className = 'mv';
    sp.textContent = m;
    sp.addEventListener('click', () => preview(l.multipv, l.pv.slice(0, i + 1), ply));
    td.append(sp, ' ');
  });
  if (l.pv.length > PV_SHOWN) td.append('…');
}

// preview draws the position an engine line leads to, without changing the game;
// any new state, Esc or a click on the note goes back.
async function preview(rank, moves, ply) {
  if (!st || busy || st.ply !== ply) return;
  try {
    const p = await post('preview', {moves});
    if (st.ply !== ply) return;
    paint(p.counts, p.stores);
    markChildren(p.children, p.counts);
    markLocked(p.locked);
    markBlocked(p.blocked);
    markOwned(p.owned);
    for (const el of $('board').querySelectorAll('.hole')) {
      const h = Number(el.dataset.hole);
      el.classList.remove('legal', 'best');
      el.classList.toggle('from', !!p.lastMove && p.lastMove.from === h);
      el.classList.toggle('last', !!p.lastMove && p.lastMove.lastSeed === h);
    }
    $('board').classList.add('previewing');
    $('preview-note').textContent = `Line ${rank} after ${moves.join(' ')}: ${sideName(p.side)} to move. ` +
      'Click here or press Esc to go back.';
    $('preview-note').hidden = false;
    document.body.dataset.preview = p.fen;
  } catch (e) {
    showStatus({message: e.message, failed: false});
  }
}

function endPreview() {
  if (!$('preview-note').hidden && st) draw(st);
}

// markBest marks the engine's best move of the shown position on its hole.
function markBest() {
  const best = info && st && !info.reviewing && info.ply === st.ply && info.lines && info.lines[0] && info.lines[0].depth ? info.lines[0].pv[0] : null;
  const m = best && st.legal.find((x) => x.move === best);
  for (const el of $('board').querySelectorAll('.hole')) el.classList.toggle('best', !!m && m.hole === Number(el.dataset.hole));
}

// showEngine says what the engine does now (thinking about its move, analysing, or
// idle) with the best line's depth, nodes and speed while it searches.
function showEngine(activity, best) {
  const stats = $('stats');
  if (activity === 'idle') {
    $('lines').tBodies[0].innerHTML = '';
    info = null;
    markBest();
    stats.textContent = 'engine idle';
  } else if (best && best.depth) {
    stats.textContent = `${activity}: depth ${best.depth}, ` +
      `${best.nodes.toLocaleString()} nodes, ${Math.round(best.nps / 1000).toLocaleString()} knps` +
      (best.wdl ? ` · South wins ${pct(best.wdl[0])}, draw ${pct(best.wdl[1])}, North wins ${pct(best.wdl[2])}` : '');
  } else if (stats.dataset.activity !== activity) {
    stats.textContent = activity + '…';
  }
  stats.dataset.activity = activity;
}

// pct writes a per mille chance as a percentage.
function pct(pm) { return (pm / 10).toFixed(1) + '%'; }

// showStatus shows an engine message: a failure stays in the notice until dismissed,
// other messages go to the status line.
function showStatus(m) {
  if (m.failed) {
    $('notice-text').textContent = m.message;
    $('notice').hidden = false;
  } else {
    $('engine-status').textContent = m.message;
  }
}

// graphRange is the graph's and the bar's range in seeds: the largest score of the
// game rounded up to 2, 5 or 10 times a power of ten, at least 2, at most the seeds
// in the game (no margin can be larger).
function graphRange() {
  const seeds = (st && st.seeds) || 48;
  let m = 0;
  for (const cp of values) if (cp !== null && cp !== undefined) m = Math.max(m, Math.abs(cp) >= PROVEN ? seeds : Math.abs(cp) / 100);
  m = Math.min(m, seeds);
  let r = 2;
  for (const step of [2, 5, 10, 20, 50, 100, 200, 500]) { r = step; if (step >= m) break; }
  return Math.min(Math.max(r, 2), seeds);
}

// PROVEN is where the engine's centiseeds stand for a proven result (search's
// Centiseeds: 100000 less the moves to the end). The graph's values put one at a
// margin the game can reach, except in a game without margins (Bao la Kimasai).
const PROVEN = 50000;

// fmtSeeds writes centiseeds (South's view) in seeds, or the proven winner; short
// for the bar.
function fmtSeeds(cp, short) {
  if (Math.abs(cp) >= PROVEN) return short ? (cp > 0 ? 'S wins' : 'N wins') : (cp > 0 ? 'South' : 'North') + ' wins (proven)';
  return (cp > 0 ? '+' : cp < 0 ? '−' : '') + (Math.abs(cp) / 100).toFixed(2);
}

// drawGraph draws the scores by ply (South's view: above the middle South is
// better) on an axis labelled in seeds, the shown ply marked; and the bar.
function drawGraph() {
  const svg = $('graph');
  if (!st) return;
  const W = Math.max(120, Math.round(svg.clientWidth || 300)), H = 90, L = 26;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = Math.max(st.moves.length, 10);
  const R = graphRange();
  const clamp = (cp) => Math.max(-R * 100, Math.min(R * 100, cp));
  const x = (i) => L + (i / n) * (W - L - 4), y = (cp) => H / 2 - (clamp(cp) / (R * 100)) * (H / 2 - 6);
  let pts = '', dots = '', count = 0;
  values.forEach((cp, i) => {
    if (cp === null || cp === undefined) return;
    count++;
    pts += `${x(i).toFixed(1)},${y(cp).toFixed(1)} `;
    dots += `<circle cx="${x(i).toFixed(1)}" cy="${y(cp).toFixed(1)}" r="1.8" fill="#333"/>`;
  });
  const label = (v) => `<text x="${L - 3}" y="${(y(v * 100) + 3).toFixed(1)}" text-anchor="end">${v > 0 ? '+' + v : v < 0 ? '−' + -v : '0'}</text>`;
  svg.innerHTML = `<line x1="${L}" y1="${H / 2}" x2="${W}" y2="${H / 2}" stroke="#bbb"/>` +
    `<line x1="${L}" y1="${y(R * 100)}" x2="${W}" y2="${y(R * 100)}" stroke="#eee"/>` +
    `<line x1="${L}" y1="${y(-R * 100)}" x2="${W}" y2="${y(-R * 100)}" stroke="#eee"/>` +
    label(R) + label(0) + label(-R) +
    `<line x1="${x(st.ply)}" y1="0" x2="${x(st.ply)}" y2="${H}" stroke="#e9b200" stroke-width="1.5"/>` +
    `<line id="graph-hover" x1="0" y1="0" x2="0" y2="${H}" stroke="#2a62b8" stroke-dasharray="2 2" visibility="hidden"/>` +
    `<polyline points="${pts}" fill="none" stroke="#2a62b8" stroke-width="1.5"/>` + dots;
  svg.dataset.points = count;
  svg.dataset.range = R;
  drawBar(R);
}

// drawBar shows the shown ply's score on the bar beside the board: South's share
// from South's side of the board. A ply without a score shows the last one known
// before it, marked as such (data-stale, a paler label and its tooltip).
function drawBar(R) {
  let at = st.ply;
  while (at > 0 && (evals[at] === null || evals[at] === undefined)) at--;
  const cp = evals[at], value = values[at] === null || values[at] === undefined ? cp : values[at];
  const known = cp !== null && cp !== undefined;
  const share = known ? 50 + 50 * Math.max(-1, Math.min(1, value / 100 / R)) : 50;
  const stale = known && at !== st.ply;
  $('evalbar-fill').style.height = share + '%';
  $('evalbar').classList.toggle('flipped', flipped);
  $('evalbar').classList.toggle('stale', stale);
  $('evalbar-text').textContent = known ? fmtSeeds(cp, true) : '';
  $('evalbar').title = stale ? `no score at this ply: the last known (${unit().unit}), ${at === 0 ? 'at the start' : 'after ply ' + at}` :
    `evaluation in ${unit().unit}, South's view`;
  $('evalbar').dataset.cp = known ? cp : '';
  $('evalbar').dataset.share = share;
  $('evalbar').dataset.stale = stale ? '1' : '';
}

// graphPly is the ply under a pointer at clientX on the graph.
function graphPly(clientX) {
  const svg = $('graph'), r = svg.getBoundingClientRect();
  const W = Math.max(120, Math.round(svg.clientWidth || 300)), L = 26;
  const n = Math.max(st.moves.length, 10);
  const px = ((clientX - r.left) / r.width) * W;
  return Math.max(0, Math.round(((px - L) / (W - L - 4)) * n));
}

// drawMoves lists the shown line, numbered, and after each move the other moves
// played there (variations) in brackets: a click on any move shows it.
let movesKey = '';        // what the move list was last built from (drawMoves)

function drawMoves(s) {
  const ol = $('moves');
  const reviewed = reviewedMoves(s);
  // The same line, variations and review as last time (a step along the line): only
  // the shown move's marks change, not the list (25,000 moves take a second to build).
  const key = s.nodes.join() + '|' + JSON.stringify(s.variations || []) + '|' + JSON.stringify(s.review ? s.review.moves : null) + '|' + unit().unit;
  if (key === movesKey) {
    for (const sp of ol.querySelectorAll('li > span[data-ply]')) {
      const ply = Number(sp.dataset.ply);
      sp.classList.toggle('current', ply === s.ply);
      sp.classList.toggle('future', ply > s.ply);
    }
  } else {
    movesKey = key;
    ol.innerHTML = '';
    buildMoves(ol, s, reviewed);
  }
  const cur = ol.querySelector('.current');
  if (cur) cur.scrollIntoView({block: 'nearest'});
  $('promote').disabled = s.mainLine;
  $('delete').disabled = s.ply === 0;
}

// buildMoves lists the shown line into ol, an item a turn, with its variations and
// the review's marks; a click on a move is read by the list (wire).
function buildMoves(ol, s, reviewed) {
  const alts = {};
  for (const a of s.variations || []) (alts[a.ply] = alts[a.ply] || []).push(a);
  const nums = turns(s.movers, null);
  let li = null;
  const frag = document.createDocumentFragment(); // built off the page, added at once
  s.moves.forEach((m, i) => {
    // An item is a turn: South's moves and North's after them (a side's extra moves
    // stay in its turn).
    if (!li || i > 0 && nums[i].n !== nums[i - 1].n) {
      const after = !!li || i === 0; // the item follows the last one in the list
      li = document.createElement('li');
      // After a variation the line goes on under its own number again (set only
      // then: setting every item's number renumbers the list each time).
      if (!after || nums[i].n !== (i === 0 ? 1 : nums[i - 1].n + 1)) li.value = nums[i].n;
      frag.append(li);
    }
    const sp = document.createElement('span');
    sp.textContent = m;
    sp.dataset.ply = i + 1;
    const again = i > 0 && s.movers[i - 1] === s.movers[i]; // an extra turn's move
    sp.className = (s.movers[i] ? 'north' : 'south') + (again ? ' again' : '') +
      (i + 1 === s.ply ? ' current' : i + 1 > s.ply ? ' future' : '');
    if (again) sp.title = sideName(s.movers[i]) + ' again';
    li.append(sp);
    const rv = reviewed.get(s.nodes[i]);
    if (rv && rv.loss !== null) {
      sp.title = (sp.title ? sp.title + ': ' : '') + `lost ${rv.bound ? 'at least ' : ''}${rv.loss.toFixed(2)} ${rv.loss === 1 ? unit().one : unit().unit}` +
        (rv.exact ? ' (exact, endgame table)' : rv.bound ? ' (endgame table bounds)' : '');
      if (rv.mark) {
        const mk = document.createElement('span');
        mk.className = 'mark m' + rv.mark.length;
        mk.textContent = rv.mark;
        mk.dataset.ply = i + 1;
        sp.append(mk);
      }
    }
    for (const a of alts[i + 1] || []) {
      const v = document.createElement('span');
      v.className = 'var';
      v.append('(');
      a.moves.forEach((mv, k) => {
        const x = document.createElement('span');
        x.className = 'vmove';
        x.textContent = mv;
        x.dataset.node = a.nodes[k];
        v.append(x, k + 1 < a.moves.length ? ' ' : '');
      });
      v.append(a.more ? ' …)' : ')'); // the variation goes on beyond the moves shown
      li.append(v);
    }
    if (alts[i + 1]) li = null; // the line goes on in a new item after its variations
  });
  ol.append(frag);
}

// ---- input ----

function clickHole(h) {
  if (!st || busy) return;
  const ms = st.legal.filter((x) => x.hole === h);
  if (!ms.length || !humanToMove(st)) return;
  if (ms.length > 1) { askDirection(ms); return; }
  playMove(ms[0].move);
}

function playMove(move) {
  $('direction').hidden = true;
  clickTime = performance.now();
  act('move', {move});
}

// askDirection offers the two moves of a hole whose sowing direction the mover
// chooses (c1+ counter-clockwise, c1- clockwise), as buttons under the board; the
// keys + and - pick one too.
function askDirection(ms) {
  const box = $('direction');
  box.replaceChildren();
  const label = document.createElement('span');
  label.textContent = `sow ${ms[0].move.slice(0, 2)}:`;
  box.append(label);
  for (const m of ms) {
    const b = document.createElement('button');
    const ccw = m.move.endsWith('+');
    b.textContent = ccw ? '↺ counter-clockwise' : '↻ clockwise';
    b.title = m.move;
    b.dataset.move = m.move;
    b.onclick = () => playMove(m.move);
    box.append(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = '×';
  cancel.title = 'choose another hole';
  cancel.onclick = () => { box.hidden = true; };
  box.append(cancel);
  box.hidden = false;
}

function wire() {
  $('new').onclick = newGame;
  $('variant').onchange = () => act('reset', {variant: $('variant').value});
  for (const id of ['south', 'north', 'strength', 'movetime']) $(id).onchange = setPlayers;
  $('strength').addEventListener('change', showLevelWords);
  $('pass').onclick = () => act('move', {move: 'pass'});
  $('undo').onclick = () => act('undo');
  $('redo').onclick = () => act('redo');
  $('promote').onclick = () => act('promote');
  $('review').onclick = () => act('review', {on: !(st.review && st.review.running), moveTimeMs: Number($('reviewtime').value)});
  $('delete').onclick = () => act('delete');
  $('flip').onclick = () => { flipped = !flipped; vi = null; if (st) draw(st); };
  $('stop').onclick = () => act('stop');
  $('pause').onclick = () => act('pause', {on: !st.paused});
  $('skip').onclick = () => { skipAnim = true; };
  $('dismiss').onclick = () => { $('notice').hidden = true; };
  $('analyse').onchange = () => act('analyse', {on: $('analyse').checked, multipv: Number($('multipv').value)});
  $('multipv').onchange = () => act('analyse', {on: $('analyse').checked, multipv: Number($('multipv').value)});
  $('setfen').onclick = () => act('setup', {fen: $('fen').value}, $('fen-error'));
  $('copyfen').onclick = async () => {
    try { await navigator.clipboard.writeText(st.fen); $('fen-error').textContent = 'copied'; }
    catch { $('fen').select(); document.execCommand('copy'); }
  };
  $('load').onchange = async () => {
    const f = $('load').files[0];
    if (!f) return;
    const text = await f.text();
    if (text.trim().startsWith('{')) await act('load', {record: text, game: Number($('loadgame').value) || 0}, $('load-error'));
    else await act('import', {text}, $('load-error'));
    $('load').value = '';
  };
  $('importtext').onclick = () => act('import', {text: $('gametext').value}, $('text-error'));
  $('copytext').onclick = async () => {
    const r = await fetch('/api/text?id=' + gameId);
    const text = await r.text();
    $('gametext').value = text;
    try { await navigator.clipboard.writeText(text); $('text-error').textContent = 'copied'; }
    catch { $('gametext').select(); document.execCommand('copy'); $('text-error').textContent = 'copied'; }
  };
  $('share').onclick = async () => {
    const {link, note} = await shareLink();
    $('share-link').value = link;
    $('share-link').hidden = false;
    $('share-note').textContent = '';
    try { await navigator.clipboard.writeText(link); } catch { $('share-link').select(); document.execCommand('copy'); }
    $('share-note').textContent = 'link copied' + (note ? ': ' + note : '');
  };
  $('graph').onclick = (e) => {
    const ply = graphPly(e.clientX);
    if (ply <= st.moves.length) step(ply);
  };
  $('graph').onmousemove = (e) => {
    if (!st) return;
    const ply = graphPly(e.clientX), tip = $('graph-tip'), hover = $('graph-hover');
    if (ply > st.moves.length) { tip.hidden = true; return; }
    const cp = evals[ply], value = values[ply];
    const {n, mover} = moveNumber(Math.max(0, ply - 1));
    tip.textContent = (ply === 0 ? 'start' : `${n}${mover ? '…' : '.'} ${st.moves[ply - 1]}`) + ': ' +
      (cp === null || cp === undefined ? 'not evaluated' : fmtSeeds(cp) + ' (South)' +
        (value !== cp && value !== null && value !== undefined ? `, drawn at ${fmtSeeds(value)}` : ''));
    tip.hidden = false;
    const r = $('graph').getBoundingClientRect();
    tip.style.left = Math.min(r.width - tip.offsetWidth, Math.max(0, e.clientX - r.left + 8)) + 'px';
    if (hover) {
      const W = Math.max(120, Math.round($('graph').clientWidth || 300));
      const hx = 26 + (ply / Math.max(st.moves.length, 10)) * (W - 30);
      hover.setAttribute('x1', hx); hover.setAttribute('x2', hx); hover.setAttribute('visibility', 'visible');
    }
  };
  $('graph').onmouseleave = () => { $('graph-tip').hidden = true; };
  $('preview-note').onclick = endPreview;
  // A click on a move of the list shows it; on a variation's move, its line.
  $('moves').addEventListener('click', (e) => {
    const x = e.target.closest('.vmove');
    if (x) { act('goto', {node: Number(x.dataset.node)}); return; }
    const sp = e.target.closest('[data-ply]');
    if (sp) step(Number(sp.dataset.ply));
  });
  document.addEventListener('keydown', onKey);
  // A page going away leaves its game to the server's timeout (30 s unwatched), so
  // that a reload finds it again; it ends its event stream, whose connection a page
  // kept for going back would otherwise hold (a browser has six per server). Shown
  // again from there, it restores itself as a reload does.
  new ResizeObserver(fitBoard).observe($('board'));
  window.addEventListener('pagehide', () => { if (events) events.close(); });
  window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });
}

// textField reports whether an element takes typed text (where keys are its own).
function textField(el) {
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'submit', 'file', 'color'].includes(el.type);
}

// step shows ply n (clamped to the line) at once. Quick repeated steps count from
// the last one asked for, not the last drawn; while a step is being answered only
// the latest wish waits, so a hundred quick presses make a few requests.
function step(n) {
  stepTo = Math.max(0, Math.min(st.moves.length, n));
  if (!stepBusy) sendSteps();
}

async function sendSteps() {
  stepBusy = true;
  try {
    while (stepTo !== null) {
      const ply = stepTo;
      await act('goto', {ply});
      if (stepTo === ply) stepTo = null;
    }
  } finally {
    stepBusy = false;
  }
}

function onKey(e) {
  if (!st || textField(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  if (k === 'Escape') { endPreview(); return; }
  const at = stepTo !== null ? stepTo : st.ply;
  // A menu keeps its own keys except the stepping ones.
  if (e.target.tagName === 'SELECT' && !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(k)) return;
  if (k === 'ArrowLeft') step(at - 1);
  else if (k === 'ArrowRight') step(at + 1);
  else if (k === 'Home') step(0);
  else if (k === 'End') step(st.moves.length);
  else if (k === 'u') act('undo');
  // On a board of 14 or 15 holes a row n is also a column: it steps to the next
  // marked move while a review is shown, else it names the column.
  else if (k === 'n' && (st.review || vi.cols < 14)) nextMark(1);
  else if (k === 'N') nextMark(-1);
  else if (k === 'p' && st.pass) act('move', {move: 'pass'});
  else if ((k === '+' || k === '-') && !$('direction').hidden) {
    const b = $('direction').querySelector(`button[data-move$="${k}"]`);
    if (b) b.click();
  }
  else if (k >= 'a' && k <= String.fromCharCode(96 + vi.cols)) {
    const holes = new Set(st.legal.filter((m) => m.move[0] === k).map((m) => m.hole));
    if (holes.size === 1) clickHole([...holes][0]); // a chosen direction is then asked
    else keyColumn = k;
    return;
  } else if (k >= '1' && k <= '4' && keyColumn) {
    const m = st.legal.find((x) => x.move.slice(0, 2) === keyColumn + k);
    if (m) clickHole(m.hole);
  } else return;
  keyColumn = null;
  e.preventDefault();
}

start();
