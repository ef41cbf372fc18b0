// Flutter's sections of the shared page (the shell is assets/web/page.js, which loads this module
// for a game of Flutter and calls it): the six lanes with their parent and traveller levels and
// prices, the broker's stock and reserve, the players' cash, holdings at today's price and claims
// (W-1..W-4), and the last round end (RE-2, RE-3), from view.json's "lanes", "players",
// "claims", "last_round", "board" and "words" (games/flutter/host/flutter_page.h). It only places the
// server's text: every word, and every rule ID in it, is the server's (the shell turns the IDs into
// taps). A figure resting on a fact of the board the table has not confirmed is flagged (BD-7).
'use strict';

registerGame('flutter', {
  build(card) {
    // The headings' words come with the first view.json (render), as every word does.
    const lanes = card('flutter-lanes-card', true, '');
    lanes.heading.id = 'flutter-lanes-title';
    add(add(lanes.section, 'div', 'flutter-scroll'), 'table', 'flutter-lanes').id = 'flutter-lanes';
    add(lanes.section, 'div', 'small muted').id = 'flutter-lanes-note';
    const players = card('flutter-players-card', false, '');
    players.heading.id = 'flutter-players-title';
    add(players.section, 'div', 'small').id = 'flutter-claims';
    add(players.section, 'div', 'flutter-players').id = 'flutter-players';
    const round = card('flutter-round-card', false, '');
    round.heading.id = 'flutter-round-title';
    add(round.section, 'div', 'small muted').id = 'flutter-round-note';
    add(add(round.section, 'div', 'flutter-scroll'), 'table', 'flutter-lanes').id = 'flutter-round';
  },
  render(v) {
    const w = v.words;
    $('flutter-lanes-title').textContent = w.lanes;
    $('flutter-players-title').textContent = w.players;
    const table = clear($('flutter-lanes'));
    const head = add(add(table, 'thead'), 'tr');
    for (const h of ['', w.price, w.parent, w.traveller, w.stock, w.reserve]) add(head, 'th', '', h);
    const body = add(table, 'tbody');
    for (const l of v.lanes) {
      const row = add(body, 'tr', l.bankrupt ? 'muted' : '');
      const name = add(row, 'td', 'lane');
      add(name, 'span', 'chip f-' + l.key, l.letter);
      add(name, 'span', '', ' ' + l.colour);
      if (l.bankrupt) {
        add(row, 'td', 'bad', w.bankrupt).colSpan = 5;
        continue;
      }
      add(row, 'td', 'num', l.price + (l.provisional ? '?' : ''));
      add(row, 'td', 'num', String(l.parent));
      const trav = add(row, 'td', 'num', String(l.traveller));
      if (l.position !== 'parent') add(trav, 'div', 'small muted', l.position);
      add(row, 'td', 'num', String(l.stock));
      add(row, 'td', 'num', String(l.reserve));
      if (l.anti_slump) add(name, 'div', 'small good', w.anti_slump);
    }
    const note = clear($('flutter-lanes-note'));
    if (v.lanes.some((l) => l.provisional)) add(note, 'div', 'warn', '? ' + w.provisional);
    add(note, 'div', '', w.lanes_note);
    clear($('flutter-claims')).textContent = v.claims || '';
    const box = clear($('flutter-players'));
    for (const p of v.players) {
      const card = add(box, 'div', 'player' + (p.current ? ' current' : ''));
      add(card, 'div', 'name', p.name + (p.current ? '  \u2190 ' + w.current : ''));
      const money = add(card, 'div', 'money');
      add(add(money, 'span', '', w.cash + ' '), 'b', '', p.cash);
      add(add(money, 'span', '', ' ' + w.capital + ' '), 'b', '', p.capital);
      const held = add(card, 'div', 'holding');
      for (const h of p.holdings) {
        add(held, 'span', 'chip f-' + (v.lanes.find((l) => l.letter === h.letter) || {}).key, h.letter);
        add(held, 'span', '', ' ' + h.count + (h.value ? ' (' + h.value + ')' : '') + '  ');
      }
      if (p.holdings.length === 0) add(held, 'span', 'muted small', w.none);
      if (p.claim) add(card, 'div', 'small ' + (p.may_claim ? 'good' : 'muted'), p.claim);
    }
    // The last round end, company by company (RE-2, RE-3); hidden before the first.
    $('flutter-round-card').hidden = !v.last_round;
    $('flutter-round-title').textContent = w.last_round || '';
    const rounds = clear($('flutter-round'));
    clear($('flutter-round-note'));
    if (v.last_round) {
      $('flutter-round-note').textContent = v.last_round.title;
      const rh = add(add(rounds, 'thead'), 'tr');
      for (const h of ['', w.at, w.dividend, w.move, '']) add(rh, 'th', '', h);
      const rb = add(rounds, 'tbody');
      for (const c of v.last_round.companies) {
        const row = add(rb, 'tr');
        const name = add(row, 'td', 'lane');
        add(name, 'span', 'chip f-' + c.key, c.letter);
        add(name, 'span', '', ' ' + c.colour);
        add(row, 'td', '', c.at);
        add(row, 'td', 'num', c.dividend);
        add(row, 'td', 'num', c.move);
        add(row, 'td', c.then ? 'warn' : '', c.then);
      }
    }
  },
});
