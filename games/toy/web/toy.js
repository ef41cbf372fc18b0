// The toy game's section of the shared page (the shell is assets/web/page.js, which loads this
// module for a game of the toy and calls it): each player's counter, from view.json's "counters",
// "added" and "counters_note" (games/toy/host/toy_page.h). It only places the server's text; the
// rule IDs in it are the server's (the shell turns them into taps).
'use strict';

registerGame('toy', {
  build(card) {
    const counters = card('counters-card', true, 'Counters').section;
    add(counters, 'ul', 'plain toy-counters').id = 'counters';
    add(counters, 'div', 'small muted').id = 'counters-note';
  },
  render(v) {
    const list = clear($('counters'));
    for (const c of v.counters) {
      const li = add(list, 'li', 'toy-counter');
      add(li, 'span', 'name', c.name);
      add(li, 'b', '', String(c.count));
    }
    add(list, 'li', 'toy-counter muted').textContent = 'added in all: ' + v.added;
    $('counters-note').textContent = v.counters_note;
  },
});
