// The shared page (issue 18). Everything it shows comes as text from the server (view.json,
// app/serve/page_model.h): this script only places it, with textContent (never as HTML), and
// fetches again when an event says an entry was accepted. It knows no rule of the game: a tap on
// a rule ID shows the words the server sends for it (rules.json, the rules reference compiled
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
  const alerts = clear($('alerts'));
  if (g.winner) add(alerts, 'li', 'good', g.winner);
  for (const p of g.pending) { const li = add(alerts, 'li', 'warn', p.headline); add(li, 'div', 'small muted', p.detail); }
  if (g.declaring) add(alerts, 'li', 'warn', g.declaring);
  if (g.year_end) add(alerts, 'li', 'warn', g.year_end);
  if (g.volatility) add(alerts, 'li', 'warn', g.volatility);
}

function renderStandings(players) {
  const box = clear($('standings'));
  for (const p of players) {
    const card = add(box, 'div', 'player' + (p.current ? ' current' : ''));
    add(card, 'div', 'name', p.name + (p.current ? '  \u2190 to play' : ''));
    const money = add(card, 'div', 'money');
    const cash = add(money, 'span', '', 'cash '); add(cash, 'b', '', p.cash);
    const worth = add(money, 'span', '', 'net worth '); add(worth, 'b', '', p.net_worth);
    if (p.owed) add(card, 'div', 'bad small', 'owes the bank ' + p.owed);
    for (const h of p.holdings) {
      const row = add(card, 'div', 'holding');
      add(row, 'span', 'chip c-' + h.letter, h.letter);
      add(row, 'span', '', h.holding + (h.directorships ? ' \u00b7 ' + h.directorships + ' dir' : '') +
          (h.escrow ? ' \u00b7 escrow' : ''));
      add(row, 'span', 'muted', h.value);
      if (h.short) add(row, 'span', 'warn', h.short);
    }
    if (p.holdings.length === 0) add(card, 'div', 'muted small', 'no shares yet');
    for (const o of p.options) add(card, 'div', 'small', o);
    if (p.could_declare) add(card, 'div', 'good', 'may declare: holds the ' + p.could_declare + ' majority (W-1)');
    else if (p.lacks) add(card, 'div', 'muted small', 'nearest majority: needs ' + p.lacks);
  }
}

function renderBoard(b) {
  $('volatility').textContent = b.volatility;
  const table = clear($('board'));
  const head = add(add(table, 'thead'), 'tr');
  add(head, 'th', '', '');
  // The name over its price: one line of "Green $1.80" a column pushed Green out of a phone's width.
  const heading = (l) => { const th = add(head, 'th', ''); add(th, 'div', '', l.company); add(th, 'div', 'muted', l.price); };
  for (const l of b.ladders.slice(0, 2)) heading(l);
  add(head, 'th', '', '');
  for (const l of b.ladders.slice(2)) heading(l);
  const body = add(table, 'tbody');
  for (const r of b.rows.slice().reverse()) {
    const tr = add(body, 'tr');
    const cell = (price, mark) => { const td = add(tr, 'td', 'price', price); if (mark) add(td, 'div', 'mark', mark); };
    const marker = (l) => {
      const here = l.listed && l.step === r.step;
      add(tr, 'td', here ? 'here c-' + l.letter : '', here ? l.letter : '');
    };
    cell(r.left_price, r.left_mark); marker(b.ladders[0]); marker(b.ladders[1]);
    cell(r.right_price, r.right_mark); marker(b.ladders[2]); marker(b.ladders[3]);
  }
  const moves = clear($('moves'));
  for (const l of b.ladders) {
    const li = add(moves, 'li', 'small');
    add(li, 'span', 'chip c-' + l.letter, l.letter);
    li.appendChild(document.createTextNode(' ' + l.price + ' (5,000 = ' + l.lot_value + ')' +
        (l.move ? ': ' + l.move : '') + (l.status ? ' \u00b7 ' + l.status : '')));
  }
}

function renderSec(s) {
  const box = clear($('sec'));
  if (s.winner) add(box, 'div', 'good', s.winner + ' has won (W-1)');
  add(box, 'h3', 'small', 'Pending margin calls and forced sales');
  const pending = add(box, 'ul', 'plain');
  if (s.pending.length === 0) add(pending, 'li', 'muted', 'nothing owed');
  for (const p of s.pending) {
    const li = ruled(pending, p.rule, p.name + ' owes ' + p.amount + ' for ' + p.reason, 'warn');
    if (p.can_sell.length) add(li, 'div', 'small', 'may sell (S-6, no Bid needed): ' + p.can_sell.join(', ') + ' \u2014 ' + p.sellable + ' in all');
    if (p.example) add(li, 'div', 'small muted', 'e.g. ' + p.example);
  }
  if (s.declaring) add(box, 'div', 'warn', s.declaring);
  add(box, 'h3', 'small', 'Forced this turn');
  const forced = add(box, 'ul', 'plain');
  if (s.forced.length === 0) add(forced, 'li', 'muted', 'none');
  for (const e of s.forced) ruled(forced, e.rule, e.text + ' (entry ' + e.seq + ': ' + e.line + ')');
  add(box, 'h3', 'small', 'Who could declare (W-1)');
  const could = add(box, 'ul', 'plain');
  if (s.could_declare.length === 0) add(could, 'li', 'muted', 'nobody yet');
  for (const c of s.could_declare) add(could, 'li', 'good', c);
  for (const n of s.nearest) add(could, 'li', 'small muted', n.name + ': ' + n.summary);
  add(box, 'h3', 'small', 'Counts this year (X-3)');
  const counts = add(box, 'ul', 'plain');
  if (s.counts.length === 0) add(counts, 'li', 'muted', 'no count this year');
  for (const c of s.counts) add(counts, 'li', '', 'entry ' + c.seq + ': ' + c.line + ' (' + c.changes + ' changes)');
  add(box, 'div', 'small muted', 'Unverified board facts used: ' + s.unverified_uses + ' times; ' +
      s.unverified_facts + ' facts of the board still unverified (D-2).');
}

function renderYearEnd(y) {
  $('ye-heading').textContent = y.heading || 'Year end';
  const box = clear($('yearend'));
  if (y.context) add(box, 'div', 'muted', y.context);
  if (y.due_note) add(box, 'div', 'warn', y.due_note);
  if (y.empty) add(box, 'div', 'muted', y.empty);
  const warnings = add(box, 'ul', 'alerts');
  for (const w of y.warnings) ruled(warnings, w.rule, w.text, 'warn');
  for (const r of y.rows) {
    const row = add(box, 'div', 'ye-row');
    const top = add(row, 'div', 'top');
    add(top, 'b', '', r.name);
    add(top, 'span', r.net_negative ? 'bad' : '', 'payouts ' + r.payouts + ' \u00b7 other ' + r.other + ' \u00b7 net ' + r.net);
    if (r.summary) add(row, 'div', 'small muted', r.summary);
  }
  if (y.total) add(box, 'div', '', 'All payouts: ' + y.total);
  if (y.calls.length) {
    add(box, 'h3', 'small', 'Margin calls, in order (S-6)');
    const calls = add(box, 'ol', 'small');
    for (const c of y.calls) ruled(calls, c.rule, (c.number ? c.number + '. ' : '') + c.text);
  }
  if (y.general.length) {
    const general = add(box, 'ul', 'plain small');
    for (const l of y.general) ruled(general, l.rule, l.text);
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

// [SECTION] Rule IDs: every ID rules.json has, wherever the page's words cite it ("(S-6)",
// "[Y-2] ", "(COMMANDS.md)"), becomes a button; a tap shows its words in #rule-box.
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

let shownEntry = -1;
function render(v) {
  renderGame(v.game);
  renderStandings(v.standings);
  renderBoard(v.board);
  renderSec(v.sec);
  renderYearEnd(v.year_end);
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

loadRules();
load();
follow();
