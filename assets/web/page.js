// The shared page's shell: the token, /view.json and its following on /events, the header (file,
// headline, fingerprint, status, problem), what happened this turn and the alerts, the ledger, and
// the rule IDs' taps (/rules.json). It knows no game: the sections of the game being served come
// from that game's own module (games/<name>/web/<name>.js, served as /<name>.js), which index.html
// loads after this script (the server writes the game's name into it: __GAME__) and which calls
// registerGame(). Everything shown comes as text from the server (view.json: the game's page model,
// e.g. games/big-board-raiders/web/page_model.h): the shell and the modules only place it, with
// textContent (never as HTML), and fetch again when an event says an entry was accepted. Neither
// knows a rule: the words that cite one, and the rule IDs in them, are the server's, and a tap on
// an ID shows the words the server sends for it (rules.json, the game's rules reference compiled
// into Rutland).
'use strict';

const token = new URLSearchParams(location.search).get('token') || '';
const withToken = (path) => path + '?token=' + encodeURIComponent(token);
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function add(parent, tag, cls, text) { const e = el(tag, cls, text); parent.appendChild(e); return e; }
function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
function ruled(parent, rule, text, cls) {
  const li = add(parent, 'li', cls);
  if (rule) add(li, 'span', 'rule', '[' + rule + '] ');
  li.appendChild(document.createTextNode(text));
  return li;
}

function renderGame(g) {
  $('file').textContent = g.file;
  $('headline').textContent = g.headline;
  $('detail').textContent = g.detail;
  $('fingerprint').textContent = g.fingerprint;
  document.title = g.headline + ' \u00b7 Rutland';
  const problem = $('problem');
  problem.hidden = !g.problem;
  problem.textContent = g.problem ? 'No longer following the game: ' + g.problem : '';
  // What was done this turn (an `end` shows the turn it ended), not only its last entry.
  const last = clear($('last'));
  const turn = g.turn && g.turn.length ? g.turn : [{seq: g.entry, line: g.last_line, words: g.last_words}];
  for (const e of turn) {
    const row = add(last, 'div', 'turn-entry');
    add(row, 'span', 'muted small', 'Entry ' + e.seq + ': ');
    add(row, 'span', 'line', e.line).style.fontWeight = 'bold';
    add(row, 'div', '', e.words);
  }
  // What the table must see now, in the game's words ("good" or "warn", and a detail under some).
  const alerts = clear($('alerts'));
  for (const a of g.alerts || []) {
    const li = add(alerts, 'li', a.kind, a.text);
    if (a.detail !== undefined) add(li, 'div', 'small muted', a.detail);
  }
}

function renderLedger(entries) {
  const list = clear($('ledger'));
  for (const e of entries) {
    const li = add(list, 'li', e.undone ? 'undone' : '');
    const top = add(li, 'div');
    add(top, 'span', 'muted', e.seq + '  ');
    add(top, 'span', 'line', e.line);
    add(top, 'span', 'muted small', '  ' + e.who + (e.undone ? ' \u00b7 undone' : ''));
    const words = add(li, 'ul', 'words');
    for (const w of e.words) ruled(words, w.rule, w.text);
  }
}

// [SECTION] Rule IDs: every ID rules.json has, wherever the page's words cite it (in brackets,
// in parentheses, or a reference's file name), becomes a button; a tap shows its words in #rule-box.
let rules = null, rulePattern = null;

async function loadRules() {
  try {
    const r = await fetch(withToken('rules.json'));
    if (!r.ok) return;
    rules = (await r.json()).rules;
    // The longest first ("RULES.md section 10" before "... 1"); an ID stands as a word of its own.
    const ids = Object.keys(rules).sort((a, b) => b.length - a.length).map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    rulePattern = new RegExp('(^|[^A-Za-z0-9_.-])(' + ids.join('|') + ')(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])', 'g');
    linkRules(document.body, true);
  } catch (err) {
    // The game is still shown; the IDs stay plain text.
  }
}

// Turns the rule IDs in the text under `root` into buttons (textContent only, never HTML).
function linkRules(root, skipBox) {
  if (!rulePattern || !root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (!n.parentElement.closest(skipBox ? '.rule-id, #rule-box' : '.rule-id')) nodes.push(n);
  for (const node of nodes) {
    const text = node.nodeValue;
    let frag = null, at = 0, m;
    rulePattern.lastIndex = 0;
    while ((m = rulePattern.exec(text)) !== null) {
      const start = m.index + m[1].length;
      frag = frag || document.createDocumentFragment();
      frag.appendChild(document.createTextNode(text.slice(at, start)));
      const b = el('button', 'rule-id', m[2]);
      b.type = 'button';
      b.dataset.rule = m[2];
      b.title = rules[m[2]].heading;
      frag.appendChild(b);
      at = start + m[2].length;
      rulePattern.lastIndex = at;
    }
    if (!frag) continue;
    frag.appendChild(document.createTextNode(text.slice(at)));
    node.parentNode.replaceChild(frag, node);
  }
}

function showRule(id) {
  const r = rules && rules[id];
  if (!r) return;
  const box = clear($('rule-box'));
  const head = add(box, 'div', 'rule-head');
  add(head, 'b', '', r.heading);
  const close = add(head, 'button', 'rule-close', '\u00d7');
  close.type = 'button';
  close.setAttribute('aria-label', 'close');
  if (r.where) add(box, 'div', 'small muted', r.where);
  for (const p of r.text.split('\n')) add(box, 'p', '', p);
  linkRules(box, false);  // the IDs a rule cites open theirs
  box.dataset.rule = id;
  box.hidden = false;
}

function hideRule() { $('rule-box').hidden = true; }

document.addEventListener('click', (e) => {
  const b = e.target.closest ? e.target.closest('button.rule-id') : null;
  if (b) showRule(b.dataset.rule);
  else if (e.target.closest && (e.target.closest('.rule-close') || !e.target.closest('#rule-box'))) hideRule();
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideRule(); });

// [SECTION] The game's module: its sections, placed between "Now" and the ledger

const gameModules = {};
// Called by a game's module script: `module.build(card)` makes its sections (card(id, wide, title)
// gives a new section in its place), `module.render(view)` fills them from view.json.
function registerGame(name, module) { gameModules[name] = module; }

let game = null;
function buildGame() {
  const name = document.body.dataset.game;
  game = gameModules[name] || null;
  if (!game) return;
  const ledgerCard = $('ledger').closest('section');
  game.build((id, wide, title) => {
    const s = el('section', wide ? 'card wide' : 'card');
    if (id) s.id = id;
    const h = add(s, 'h2', '', title);
    ledgerCard.parentNode.insertBefore(s, ledgerCard);
    return {section: s, heading: h};
  });
}

let shownEntry = -1;
function render(v) {
  renderGame(v.game);
  if (game) game.render(v);
  renderLedger(v.ledger);
  linkRules(document.body, true);
  shownEntry = v.game.entry;
  document.body.dataset.entry = String(shownEntry);
}

let fetching = false, again = false;
async function load() {
  if (fetching) { again = true; return; }
  fetching = true;
  try {
    const r = await fetch(withToken('view.json'), { cache: 'no-store' });
    if (!r.ok) throw new Error(await r.text());
    const v = await r.json();
    render(v);
    // A game no longer followed is never shown as live (app/serve/game_server.h invariant 9).
    $('status').textContent = (v.game.problem ? 'not live \u00b7 stopped at entry ' : 'live \u00b7 entry ') + shownEntry +
        ' \u00b7 ' + new Date().toLocaleTimeString();
  } catch (err) {
    $('status').textContent = 'cannot read the game: ' + err.message;
  } finally {
    fetching = false;
    if (again) { again = false; load(); }
  }
}

function follow() {
  const events = new EventSource(withToken('events'));
  events.addEventListener('entry', load);
  events.addEventListener('reset', load);
  events.addEventListener('hello', load);
  events.onerror = () => { $('status').textContent = 'reconnecting\u2026'; };
}

// Once every deferred script has run (the game's module comes after this one): DOMContentLoaded
// waits for them, where readyState is already past 'loading' while they run.
document.addEventListener('DOMContentLoaded', () => {
  buildGame();
  loadRules();
  load();
  follow();
});
