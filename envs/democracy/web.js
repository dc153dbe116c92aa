// This game's table on the web page, the kind its web.py names (LAYOUT "suit-tricks"): suited cards committed face down
// to tricks under an upcard. The page (envs/web/static/app.js) loads this file from /games/NAME/web.js when a game of
// this kind is shown; it registers its board, its question's choices and its cards in hand with Hustings.registerBoard,
// drawn with the page's own helpers.
"use strict";
(() => {  // its own scope: nothing here is seen by the page or another game's script
const {el, plural, moveButton, seatName, SUIT_SYMBOL} = window.Hustings;

function demChoices(choices) {
  const row = el("div", {class: "hand-row"});
  for (const c of choices) row.append(moveButton(c, demCard(c.card)));
  return row;
}

const SUIT_OF = {Clubs: "C", Diamonds: "D", Hearts: "H", Spades: "S"};
function demCard(name, small = false) {
  if (!name) return el("span", {class: "pc back" + (small ? " sm" : ""), "aria-label": "a card face down"});
  if (name === "JOKER") return el("span", {class: "pc joker" + (small ? " sm" : ""), "aria-label": "joker"},
                                  el("b", {text: "★"}), el("i", {text: "joker"}));
  const rank = name.slice(0, -1), suit = name.slice(-1);
  return el("span", {class: `pc suit-${suit}` + (small ? " sm" : ""), "aria-label": name},
            el("b", {text: rank}), el("i", {text: SUIT_SYMBOL[suit]}));
}

// --- suited cards committed face down to tricks under an upcard (layout "suit-tricks") ------------------------------
function suitTricksBoard(t, v) {
  const root = el("div", {class: "board dem", id: "dem-board"});
  const upcard = t.upcard ? el("span", {class: "upcard"}, "Upcard ", demCard(t.upcard, true),
                               t.trump ? el("b", {class: `trump suit-${SUIT_OF[t.trump]}`},
                                            ` trump ${SUIT_SYMBOL[SUIT_OF[t.trump]]} ${t.trump}`) : " no trump") : null;
  root.append(el("div", {class: "strip"},
    el("span", {}, el("b", {text: `Island ${t.island}`}), `, day ${t.day}`),
    t.upcard ? el("span", {text: `trick ${t.trick} of ${t.tricks}`}) : null,
    el("span", {text: `dealer P${t.dealer}`}), upcard,
    t.upcard ? el("span", {class: "muted", text: `${plural(t.pool_left, "pool card")} still face down`}) : null));
  // this trick and the last one
  const order = [];
  for (let k = 1; k <= t.seats.length; k++) order.push((t.dealer + k) % t.seats.length);
  const trick = el("div", {class: "trick"});
  for (const p of order) {
    const s = t.seats[p];
    trick.append(el("div", {class: "slot" + (t.to_play === p ? " next" : "")}, el("span", {class: "who", text: `P${p}`}),
      s.committed ? demCard(s.card) : el("span", {class: "pc empty", text: t.to_play === p ? "to play" : ""})));
  }
  const last = t.last_trick ? el("div", {class: "trick last"}, ...t.last_trick.plays.map((c, p) =>
    el("div", {class: "slot" + (t.last_trick.winner === p ? " won" : "")}, el("span", {class: "who", text: `P${p}`}),
       demCard(c, true)))) : el("span", {class: "muted", text: "none yet"});
  const HOW = {trump: "highest trump", six_beats_five: "the 6 of trump beats the 5", highest: "highest card, no trump played"};
  const lt = t.last_trick;
  const lastWho = lt ? (lt.winner === null ? "a tie: each kept its own card" :
    `P${lt.winner} won it` + (lt.how ? ` (${HOW[lt.how] || lt.how})` : "")) : "";
  root.append(el("div", {class: "tricks"},
    el("div", {class: "box"}, el("h4", {text: "This trick (committed face down until all have played)"}), trick),
    el("div", {class: "box"}, el("h4", {text: `Last trick ${lastWho ? "· " + lastWho : ""}`}),
       lt && lt.upcard ? el("div", {class: "small muted"}, "upcard ", demCard(lt.upcard, true), lt.trump ? ` trump ${lt.trump}` : " no trump") : null,
       last)));
  // seats: tribes and points per suit towards 13
  const seats = el("div", {class: "seats"});
  for (const s of t.seats) {
    const suits = el("div", {class: "suitbars"});
    for (const [suit, pts] of Object.entries(s.points)) {
      const k = SUIT_OF[suit];
      suits.append(el("div", {class: `sb suit-${k}`, title: `${suit}: ${pts} of 13 points`},
        el("span", {text: SUIT_SYMBOL[k]}), el("div", {class: "bar"}, el("span", {style: `width:${Math.min(100, pts / 13 * 100)}%`})),
        el("span", {class: "n", text: String(pts)})));
    }
    seats.append(el("div", {class: "seat" + (s.seat === v.viewer ? " me" : "") + (t.to_play === s.seat ? " tomove" : "")},
      el("div", {class: "nm"}, seatName(v, s.seat), el("span", {class: "tribes", title: "tribes won"},
         `${"★".repeat(s.tribes)}${"☆".repeat(Math.max(0, 5 - s.tribes))} ${plural(s.tribes, "tribe")}`)),
      suits,
      el("div", {class: "muted", text: `${plural(s.hand_count, "card")} in hand · won ${plural(s.won.length, "card")}`}),
      s.hand && s.seat !== v.viewer ? el("div", {class: "hand-row sm"}, ...s.hand.map((c) => demCard(c, true))) : null));
  }
  root.append(el("div", {class: "box"}, el("h4", {text: "Players: tribes, and points per suit this island (13 wins a tribe)"}), seats));
  root.append(el("div", {class: "legend muted"}, `Ranks, low to high: ${t.rank_order.join(" ")}. ${t.goal}.`));
  return root;
}

Hustings.registerBoard("suit-tricks", {board: suitTricksBoard, choices: demChoices, card: (c) => demCard(c)});
})();
