// This game's table on the web page, the kind its web.py names (LAYOUT "parliament"): a parliament: tracks, Sectors,
// bills and seats. The page (envs/web/static/app.js) loads this file from /games/NAME/web.js when a game of this kind
// is shown; it registers its board, its question's choices and its cards in hand with Hustings.registerBoard, drawn
// with the page's own helpers.
"use strict";
(() => {  // its own scope: nothing here is seen by the page or another game's script
const {el, plural, tipped, cardText, seatName} = window.Hustings;

// --- a parliament: tracks, Sectors, bills and seats (layout "parliament") ------------------------------------------
function partySpan(p) { return el("span", {class: `party-${p}`, text: p}); }
function track(lo, hi, value) {
  const t = el("div", {class: "track"});
  for (let i = lo; i <= hi; i++) t.append(el("div", {class: "cell" + (i === value ? " on" : ""), text: i}));
  return t;
}
function parliamentBoard(b, v) {
  const root = el("div", {class: "board pm", id: "pm-board"});
  root.append(el("div", {class: "strip"},
    el("span", {}, el("b", {text: `Round ${b.round}`})),
    el("span", {}, "Government ", partySpan(b.government)),
    el("span", {}, "Pact ", el("b", {text: b.pact ? "yes" : "no"})),
    el("span", {}, "Election Marker ", el("b", {text: b.marker ? "on" : "off"})),
    b.resigned ? el("span", {text: "the Government Backbencher has resigned"}) : null,
    b.scenario ? el("span", {}, el("b", {text: `Scenario ${b.scenario}`}), b.scenario_name ? `: ${b.scenario_name}` : "") : null,
    b.to_play !== null && b.phase ? el("span", {class: "muted", text: `To move: P${b.to_play} (${b.phase})`}) : null));
  if (b.event) {
    root.append(el("div", {class: "box event-card"}, el("h4", {text: "Event drawn"}), el("div", {class: "ev-name", text: b.event.name}),
      el("ol", {}, ...b.event.options.map((o) => el("li", {}, el("b", {text: o.label}), ` (${plural(o.cost, "cube")}): ${o.does}`)))));
  }
  const span = Math.max(30, Math.abs(b.lead) + 5), pos = 50 + 50 * b.lead / span;
  const lead = el("div", {class: "box"}, el("h4", {text: "Popularity lead"}),
    el("div", {class: "leadtrack"}, el("div", {class: "mid"}),
       el("div", {class: "pin", style: `left:${pos}%`, text: b.lead > 0 ? `+${b.lead}` : String(b.lead)})),
    el("div", {class: "leadlabels"}, el("span", {class: "party-liberal", text: "◀ Liberal"}),
       el("span", {text: b.lead === 0 ? "tied" : `${b.lead > 0 ? "Conservatives" : "Liberals"} lead by ${Math.abs(b.lead)}`}),
       el("span", {class: "party-conservative", text: "Conservative ▶"})));
  // the Government's MPs: A of them in all (at most 660), M Moderate and P Partisan (A = M + P)
  const MPS_MAX = 660, part = (n) => `width:${Math.min(100, 100 * n / MPS_MAX)}%`;
  const mps = el("div", {class: "box"}, el("h4", {text: `Government MPs: ${b.mps.A}`}),
    el("div", {class: "mps", id: "pm-mps", title: `${b.mps.A} Government MPs (of ${MPS_MAX} at most): ${b.mps.M} Moderate, ${b.mps.P} Partisan`},
      el("div", {class: "M", style: part(b.mps.M), title: `${b.mps.M} Moderate MPs`, text: String(b.mps.M)}),
      el("div", {class: "P", style: part(b.mps.P), title: `${b.mps.P} Partisan MPs`, text: String(b.mps.P)})),
    el("div", {class: "muted small", text: `${b.mps.M} Moderate + ${b.mps.P} Partisan = ${b.mps.A}, of ${MPS_MAX} at most`}));
  root.append(el("div", {class: "two"}, lead, mps));
  const sec = el("div", {class: "sectors"});
  for (const s of b.sectors) {
    const t = el("div", {class: "track"});
    for (let i = 0; i < s.steps; i++) {
      const L = s.liberal === i, C = s.conservative === i;
      t.append(el("div", {class: "cell" + (L && C ? " LC" : L ? " L" : C ? " C" : ""),
                          title: L || C ? `${L ? "Liberal " : ""}${C ? "Conservative " : ""}marker at ${i}` : String(i),
                          text: L && C ? "LC" : L ? "L" : C ? "C" : i}));
    }
    sec.append(el("span", {text: s.name}), el("div", {class: "scroll-x"}, t));
  }
  root.append(el("div", {class: "box"}, el("h4", {text: "Sectors: Popularity markers (L Liberal, C Conservative)"}), sec));
  const bills = el("div", {class: "bills"});
  for (const x of b.bills) {
    bills.append(tipped(el("div", {class: "bill"}, el("div", {}, el("b", {text: `Slot ${x.slot}: `}), x.name),
      el("div", {text: `${x.icon} MPs ${x.adj >= 0 ? "+" : ""}${x.adj} → projection ${x.projection}` +
                       (x.debate.length ? ` · Debate Cards: ${x.debate.join(", ")}` : "")}),
      el("div", {class: "bar", title: "320 allows a vote; 350 passes without an Uncertainty card"},
         el("span", {style: `width:${Math.min(100, x.projection / 5)}%`}), el("i", {class: "m320"}), el("i", {class: "m350"}))), cardText(x.name)));
  }
  if (!b.bills.length) bills.append(el("span", {class: "muted", text: "no bills on the board"}));
  const extra = [];
  const names = (list) => list.map((n) => tipped(el("span", {class: "chip", text: n}), cardText(n)));
  if (b.revealed_bills.length) extra.push(el("div", {}, "Proposed: ", ...names(b.revealed_bills)));
  if (b.own_bills && b.own_bills.length) extra.push(el("div", {}, "Your bills (hidden): ", ...names(b.own_bills)));
  if (b.drawn && b.drawn.length) extra.push(el("div", {}, "You drew: ", ...names(b.drawn)));
  root.append(el("div", {class: "box"}, el("h4", {text: "Bills (projection: votes for; 320 may vote, 350 passes surely)"}), bills, ...extra));
  const seats = el("div", {class: "seats"});
  for (const s of b.seats) {
    seats.append(el("div", {class: "seat" + (s.seat === v.viewer ? " me" : "") + (b.to_play === s.seat ? " tomove" : "")},
      el("div", {class: "nm"}, `${seatName(v, s.seat)} `, tipped(el("span", {text: s.name}), cardText(s.name)), " ", partySpan(s.party)),
      el("div", {text: s.role_name || s.role}),
      el("div", {class: "stats"}, el("span", {}, el("b", {text: String(s.vp)}), " VP"),
         el("span", {text: `Favour ${s.favour}`}), el("span", {text: plural(s.cubes, "cube")})),
      el("div", {}, "Standing ", el("b", {text: String(s.standing)}), ` (${s.standing_min}–${s.standing_max})`),
      track(s.standing_min, s.standing_max, s.standing),
      s.hand ? el("div", {class: "hand"}, "Supporters: ", ...(s.hand.length ? names(s.hand) : ["none"]))
             : el("div", {class: "muted", text: `${plural(s.hand_count, "Supporter")} in hand`})));
  }
  root.append(seats);
  root.append(el("div", {class: "legend muted", text: b.victory}));
  return root;
}

Hustings.registerBoard("parliament", {board: parliamentBoard, echoes: true});
})();
