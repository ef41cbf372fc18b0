// Big Board Raiders' sections of the shared page (the shell is assets/web/page.js, which loads
// this module for a game of Big Board Raiders and calls it): the standings, the Big Board, the SEC
// guy and the year end, from view.json's "standings", "board", "sec" and "year_end" (this game's
// page model, games/big-board-raiders/web/page_model.h). It only places the server's text; every
// sentence that cites a rule, with its rule ID, is the server's (the shell turns the IDs into taps).
'use strict';

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
    if (p.could_declare) add(card, 'div', 'good', p.declare_note);
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
  if (s.winner) add(box, 'div', 'good', s.winner_note);
  add(box, 'h3', 'small', 'Pending margin calls and forced sales');
  const pending = add(box, 'ul', 'plain');
  if (s.pending.length === 0) add(pending, 'li', 'muted', 'nothing owed');
  for (const p of s.pending) {
    const li = ruled(pending, p.rule, p.name + ' owes ' + p.amount + ' for ' + p.reason, 'warn');
    if (p.can_sell.length) add(li, 'div', 'small', p.can_sell_note);
    if (p.example) add(li, 'div', 'small muted', 'e.g. ' + p.example);
  }
  if (s.declaring) add(box, 'div', 'warn', s.declaring);
  add(box, 'h3', 'small', 'Forced this turn');
  const forced = add(box, 'ul', 'plain');
  if (s.forced.length === 0) add(forced, 'li', 'muted', 'none');
  for (const e of s.forced) ruled(forced, e.rule, e.text + ' (entry ' + e.seq + ': ' + e.line + ')');
  add(box, 'h3', 'small', s.could_declare_heading);
  const could = add(box, 'ul', 'plain');
  if (s.could_declare.length === 0) add(could, 'li', 'muted', 'nobody yet');
  for (const c of s.could_declare) add(could, 'li', 'good', c);
  for (const n of s.nearest) add(could, 'li', 'small muted', n.name + ': ' + n.summary);
  add(box, 'h3', 'small', s.counts_heading);
  const counts = add(box, 'ul', 'plain');
  if (s.counts.length === 0) add(counts, 'li', 'muted', 'no count this year');
  for (const c of s.counts) add(counts, 'li', '', 'entry ' + c.seq + ': ' + c.line + ' (' + c.changes + ' changes)');
  add(box, 'div', 'small muted', s.unverified_note);
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
    add(box, 'h3', 'small', y.calls_heading);
    const calls = add(box, 'ol', 'small');
    for (const c of y.calls) ruled(calls, c.rule, (c.number ? c.number + '. ' : '') + c.text);
  }
  if (y.general.length) {
    const general = add(box, 'ul', 'plain small');
    for (const l of y.general) ruled(general, l.rule, l.text);
  }
}

registerGame('big-board-raiders', {
  // The sections in the page's order, between "Now" and the ledger.
  build(card) {
    const standings = card('standings-card', true, 'Standings').section;
    add(standings, 'div', 'players').id = 'standings';
    const board = card('', false, 'The Big Board').section;
    add(board, 'div', 'muted').id = 'volatility';
    add(add(board, 'div', 'board-wrap'), 'table', 'board').id = 'board';
    add(board, 'ul', 'plain').id = 'moves';
    add(card('', false, 'The SEC guy').section, 'div').id = 'sec';
    const yearEnd = card('', false, 'Year end');
    yearEnd.heading.id = 'ye-heading';
    add(yearEnd.section, 'div').id = 'yearend';
  },
  render(v) {
    renderStandings(v.standings);
    renderBoard(v.board);
    renderSec(v.sec);
    renderYearEnd(v.year_end);
  },
});
