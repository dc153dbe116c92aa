// This game's table on the web page, the kind its web.py names (LAYOUT "persuasion"): voter groups persuaded by method,
// the parties' voters, the cards beside the seats. The page (envs/web/static/app.js) loads this file from
// /games/NAME/web.js when a game of this kind is shown; it registers its board, its question's choices and its cards in
// hand with Hustings.registerBoard, drawn with the page's own helpers.
"use strict";
(() => {  // its own scope: nothing here is seen by the page or another game's script
const {el, plural, tipped, cardText, moveButton, groupedChoices, seatName} = window.Hustings;

// persuasion: turn moves; special cards once each with a button per player; persuasion as a group x method grid.
function pxChoices(choices, table, v) {
  const root = el("div", {class: "choices"});
  const by = (g) => choices.filter((c) => c.group === g);
  const simple = choices.filter((c) => !["Special cards", "Remove a card", "Persuade", "Discard"].includes(c.group));
  if (simple.length) root.append(groupedChoices(simple, table));
  const discard = by("Discard");
  if (discard.length) {  // the hand itself, each card a button
    root.append(el("div", {class: "choice-group"}, el("h4", {text: "Discard one card (you may keep 10)"}),
      el("div", {class: "hand-row"}, ...discard.map((c) => {
        const card = (table.hand || []).find((h) => h.name === c.card) || {name: c.card, id: "x", count: 1};
        return moveButton(c, pxCard(card));
      }))));
  }
  for (const g of ["Special cards", "Remove a card"]) {
    const list = by(g);
    if (!list.length) continue;
    const cards = new Map();
    for (const c of list) { if (!cards.has(c.card)) cards.set(c.card, []); cards.get(c.card).push(c); }
    const box = el("div", {class: "choice-group"}, el("h4", {text: g === "Special cards" ? "Play a special card beside a player" : "Gone with the wind: remove a card"}));
    for (const [card, cs] of cards) {
      box.append(el("div", {class: "target-row"}, pxCard({name: card, id: card === "Burnout" ? "burnout" : "x", count: 1}),
        el("span", {class: "small muted", text: cs[0].detail !== "remove a special card from beside a player" ? cs[0].detail.replace(/ \(\d+ in the deck\)$/, "") : ""}),
        ...cs.map((c) => moveButton(c, el("span", {class: "lbl", text: (c.label.match(/P\d+$/) || [c.label])[0] +
                                                                    (c.label.endsWith(`P${v.seat}`) ? " (you)" : "")})))));
    }
    root.append(box);
  }
  const pers = by("Persuade");
  if (pers.length) {
    const grid = el("table", {class: "persuade"});
    grid.append(el("thead", {}, el("tr", {}, el("th", {text: "Persuade"}), ...table.methods.map((m) => el("th", {text: m})))));
    const body = el("tbody");
    for (const g of table.table) {
      const cells = table.methods.map((m) => {
        const c = pers.find((x) => x.label.toLowerCase() === `${g.name} by ${m}`.toLowerCase());
        return el("td", {}, c ? moveButton(c, el("span", {class: "lbl", text: `needs ${g.symbols[table.methods.indexOf(m)]}`}),
                                            el("span", {class: "det", text: (c.detail.match(/bonus [+-]\d+/) || [""])[0]})) : "");
      });
      if (cells.some((td) => td.firstChild)) body.append(el("tr", {}, el("th", {text: `${g.name} (${g.count})`}), ...cells));
    }
    grid.append(body);
    root.append(el("div", {class: "choice-group"}, el("h4", {text: "Persuade a voter group: the power one card needs, and your bonus"}),
                   el("div", {class: "scroll-x"}, grid)));
  }
  return root;
}

function pxCard(card) {
  const cls = ["debate", "twist", "charming", "intimidation"].includes(card.id) ? `m-${card.id}` :
    card.id === "coffee" ? "wild" : card.id === "burnout" ? "burn" : card.id === "gone_with_the_wind" ? "gwtw" : "special";
  return tipped(el("span", {class: `px ${cls}`}, card.name, card.count > 1 ? el("b", {text: ` ×${card.count}`}) : null),
                cardText(card.name));
}

// --- voter groups persuaded by method, parties' voters, cards beside the seats (layout "persuasion") ---------------
function persuasionBoard(t, v) {
  const root = el("div", {class: "board px-board", id: "px-board"});
  root.append(el("div", {class: "strip"},
    el("span", {}, el("b", {text: `Turn ${t.turn}`}), t.to_play !== null ? ` · P${t.to_play} to play` : ""),
    t.event ? tipped(el("span", {class: "event"}, "Event: ", el("b", {text: t.event.name}), ` (${t.event.effect})`), cardText(t.event.name))
      : el("span", {class: "muted", text: "no event"}),
    el("span", {class: "muted", text: `voter deck ${t.voter_deck} · action deck ${t.action_deck} · discards ${t.discard}`})));
  if (t.persuading) {
    const p = t.persuading;
    root.append(el("div", {class: "box persuading"}, el("b", {text: `Persuading ${p.group} by ${p.method}: `}),
      `${plural(p.played, "card")} played, power ${p.power}; one voter card needs ${p.needed}, each more +1`));
  }
  // the voter cards on the table with their symbols per method
  const tbl = el("table", {class: "voters"}, el("thead", {}, el("tr", {}, el("th", {text: "Voter group"}),
    el("th", {text: "On the table"}), ...t.methods.map((m) => el("th", {title: m},
      el("span", {class: "long", text: m}), el("span", {class: "short", text: m.slice(0, 5)}))))));
  const body = el("tbody");
  for (const g of t.table) {
    body.append(el("tr", {class: g.count ? "" : "gone"}, tipped(el("td", {text: g.name}), cardText(g.name)),
      el("td", {}, el("span", {class: "vc", text: g.count ? "▮".repeat(g.count) + ` ${g.count}` : "—"})),
      ...g.symbols.map((n) => el("td", {class: "sym", text: String(n)}))));
  }
  tbl.append(body);
  root.append(el("div", {class: "box"}, el("h4", {text: "Voters on the table · symbols: the power one card needs, by method"}),
    el("div", {class: "scroll-x"}, tbl)));
  // parties: what decides the game is the sorted groups, least first
  const parties = el("div", {class: "parties"});
  const groups = t.table.map((g) => g.group);
  for (const p of t.parties) {
    parties.append(el("div", {class: "party"},
      el("div", {class: "nm"}, tipped(el("b", {text: p.name}), cardText(p.name)), ` · ${p.seats.map((s) => `P${s}`).join(", ")} · ${plural(p.turns, "turn")}`),
      el("div", {class: "collected"}, ...groups.map((g, k) => el("span", {title: t.table[k].name},
         el("i", {text: t.table[k].name.split(" ")[0]}), el("b", {text: String(p.collected[g])})))),
      el("div", {}, "Ranking (least first): ", el("b", {text: p.ranking.join(" · ")}),
         p.base_support ? el("span", {class: "muted", text: " (base support included)"}) : null)));
  }
  root.append(el("div", {class: "box"}, el("h4", {text: "Parties: the least-collected group decides, then the next"}), parties));
  const seats = el("div", {class: "seats"});
  for (const s of t.seats) {
    seats.append(el("div", {class: "seat" + (s.seat === v.viewer ? " me" : "") + (t.to_play === s.seat ? " tomove" : "")},
      el("div", {class: "nm"}, seatName(v, s.seat), " · ", tipped(el("span", {text: s.politician}), cardText(s.politician)),
         el("span", {class: "muted", text: ` (${s.party})`})),
      el("div", {class: "skills"}, ...s.skills.map((x, k) => el("span", {title: `${t.methods[k]} skill`},
         el("i", {text: t.methods[k].slice(0, 5)}), el("b", {text: `${x >= 0 ? "+" : ""}${x}`})))),
      el("div", {class: "muted", text: `${plural(s.hand_count, "card")} in hand`}),
      s.beside.length ? el("div", {class: "beside"}, "Beside: ", ...s.beside.map((b) => pxCard({name: b, id: b === "Burnout" ? "burnout" : "x", count: 1}))) : null,
      s.hand && s.seat !== v.viewer ? el("div", {class: "hand-row sm"}, ...s.hand.map(pxCard)) : null));
  }
  root.append(seats);
  return root;
}

Hustings.registerBoard("persuasion", {board: persuasionBoard, choices: pxChoices, card: (c) => pxCard(c), handAbove: true, echoes: true});
})();
