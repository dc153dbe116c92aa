// This game's table on the web page, the kind its web.py names (LAYOUT "libra-tricks"): tricks with parties and the
// Libra's plates of tokens. The page (envs/web/static/app.js) loads this file from /games/NAME/web.js when a game of
// this kind is shown; it registers its board, its question's choices and its cards in hand with Hustings.registerBoard,
// drawn with the page's own helpers.
"use strict";
(() => {  // its own scope: nothing here is seen by the page or another game's script
const {el, plural, tipped, cardText, moveButton, seatName} = window.Hustings;

// libra-tricks: the whole hand, each card once; a card playable after a paid switch has its own small button.
function ptChoices(choices, table) {
  const row = el("div", {class: "hand-row"});
  const byCard = new Map();
  for (const c of choices) { if (!byCard.has(c.card)) byCard.set(c.card, []); byCard.get(c.card).push(c); }
  const hand = table.hand || [...byCard.keys()];
  const other = (table.seats.find((s) => s.seat === table.to_play) || {}).party === "Tails" ? "Claws" : "Tails";
  for (const card of hand) {
    const list = byCard.get(card) || [];
    const main = list.find((c) => !c.switch), alt = list.find((c) => c.switch);
    const col = el("div", {class: "pt-choice" + (list.length ? "" : " unplayable")});
    if (main) col.append(tipped(moveButton(main, ptCard(card, main.down)), `${main.label}. ${cardText(card)}`));
    else col.append(tipped(el("div", {class: "pt-nocard"}, ptCard(card, alt && alt.down)),
                           (alt ? "Playable only after switching party. " : "Not playable now. ") + cardText(card)));
    if (alt) col.append(moveButton(alt, el("span", {class: "switch", text: `switch to ${other} (1 token), play`})));
    if (main && main.down) col.append(el("span", {class: "small muted", text: "face down"}));
    row.append(col);
  }
  return row;
}

const PT_SUITS = {Env: "Environ.", Hea: "Health", Saf: "Safety", Wel: "Welfare", Eco: "Economy", Mig: "Migration"};
function ptCard(name, down = false, small = false) {
  if (!name) return el("span", {class: "pt back" + (small ? " sm" : ""), "aria-label": "a card face down"},
                       el("i", {text: "face down"}));
  const pre = name.slice(0, 3), val = name.slice(3);
  return el("span", {class: `pt s-${pre}` + (down ? " down" : "") + (small ? " sm" : ""), "aria-label": name},
            el("b", {text: pre === "Mig" ? "⇄" : pre === "Eco" ? "€" : val}), el("i", {text: PT_SUITS[pre] || pre}));
}

// --- tricks with parties and the Libra's plates of tokens (layout "libra-tricks") -----------------------------------
function libraTricksBoard(t, v) {
  const root = el("div", {class: "board pt-board", id: "pt-board"});
  root.append(el("div", {class: "strip"},
    el("span", {}, el("b", {text: `Round ${t.round} of ${t.rounds}`}), `, trick ${Math.min(t.trick, t.tricks)} of ${t.tricks}`),
    el("span", {text: `Chair P${t.chair}`}),
    el("span", {}, "Ruling Party ", el("b", {class: t.ruling_party ? `party-${t.ruling_party}` : "", text: t.ruling_party || "—"})),
    el("span", {}, "Ruling Suit ", el("b", {text: t.ruling_suit || "—"})),
    el("span", {}, "Opposition Suit ", el("b", {text: t.opposition_suit || "—"}))));
  // the Libra
  const plate = (name) => {
    const dots = el("div", {class: "tokens"});
    for (const s of t.seats) for (let k = 0; k < s.libra[name]; k++) dots.append(el("span", {class: `tok p${s.seat}`, text: s.seat, title: `P${s.seat}'s token`}));
    return el("div", {class: `plate party-bg-${name}` + (t.plates[name] >= t.plate_max ? " full" : "")},
      el("div", {class: "pl-name"}, el("b", {text: name}), ` ${t.plates[name]} / ${t.plate_max}`), dots);
  };
  root.append(el("div", {class: "box"}, el("h4", {text: "The Libra (a 7th token on a plate collapses it)"}),
    el("div", {class: "libra"}, plate("Tails"), plate("Claws"))));
  const trick = el("div", {class: "trick"});
  for (const c of t.current_trick) trick.append(el("div", {class: "slot"}, el("span", {class: "who", text: `P${c.seat}`}),
    c.down && !c.card ? ptCard(null) : tipped(ptCard(c.card, c.down), cardText(c.card))));
  if (!t.current_trick.length) trick.append(el("span", {class: "muted", text: t.to_play !== null ? `P${t.to_play} leads` : ""}));
  const lt = t.last_trick;
  const last = lt ? el("div", {class: "trick last"}, ...lt.cards.map((c) => el("div", {class: "slot" + (c.seat === lt.winner ? " won" : "")},
    el("span", {class: "who", text: `P${c.seat}`}), c.down && !c.card ? ptCard(null, false, true) : ptCard(c.card, c.down, true))))
    : el("span", {class: "muted", text: "none yet this round"});
  const why = lt ? (lt.trump ? "Economy is trump" : `${lt.popular} is Popular (` +
    Object.entries(lt.sums).map(([s, n]) => `${s} ${n}`).join(", ") + ")") : "";
  root.append(el("div", {class: "tricks"},
    el("div", {class: "box"}, el("h4", {text: "This trick"}), trick),
    el("div", {class: "box"}, el("h4", {text: lt ? `Last trick: P${lt.winner} won with ${lt.card} · ${why}` : "Last trick"}), last)));
  const seats = el("div", {class: "seats"});
  for (const s of t.seats) {
    seats.append(el("div", {class: "seat" + (s.seat === v.viewer ? " me" : "") + (t.to_play === s.seat ? " tomove" : "")},
      el("div", {class: "nm"}, seatName(v, s.seat), " ", el("span", {class: `partytag party-bg-${s.party}`, text: s.party})),
      el("div", {class: "stats"}, el("span", {}, el("b", {text: String(s.vp)}), " VP"),
         el("span", {title: "unspent Power Tokens"}, el("b", {text: String(s.tokens)}), " tokens"),
         el("span", {title: "tokens spent on party switches this round"}, `${s.spent} spent`),
         el("span", {}, plural(s.tricks, "trick"))),
      el("div", {class: "muted", text: `${plural(s.hand_count, "card")} in hand`}),
      s.hand && s.seat !== v.viewer ? el("div", {class: "hand-row sm"}, ...s.hand.map((c) => ptCard(c, false, true))) : null));
  }
  root.append(seats);
  if (t.rounds_played.length) {
    root.append(el("div", {class: "box"}, el("h4", {text: "Rounds played"}), ...t.rounds_played.map((r) =>
      el("div", {text: `Round ${r.round}: ${r.end}; points ${r.points.map((x, p) => `P${p} ${x >= 0 ? "+" : ""}${x}`).join(", ")}`}))));
  }
  return root;
}

Hustings.registerBoard("libra-tricks", {board: libraTricksBoard, choices: ptChoices, card: (c) => tipped(ptCard(c), cardText(c))});
})();
