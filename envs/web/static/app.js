// hustings web app: plain JavaScript, no build step. Everything it shows comes from the server's view of one seat.
"use strict";
const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
};
const ROLES = {pm: "Prime Minister", ol: "Opposition Leader", gbb: "Government Backbencher",
               obb: "Opposition Backbencher"};

let catalogue = null;
let game = null;          // the last view from the server
let log = [];             // the log so far, as this viewer sees it
let viewChoice = "all";   // watch / replay: whose view
let timer = null, playing = false, busy = 0;

function setBusy(d) { busy += d; document.body.dataset.busy = busy > 0 ? "1" : "0"; }
function message(text, info = false) {
  const m = $("#message");
  if (!text) { m.classList.add("hidden"); return; }
  m.textContent = text; m.classList.toggle("info", info); m.classList.remove("hidden");
}

async function api(method, url, body) {
  setBusy(1);
  try {
    const res = await fetch(url, {method, headers: body ? {"Content-Type": "application/json"} : {},
                                  body: body ? JSON.stringify(body) : undefined});
    let data = null;
    try { data = await res.json(); } catch (e) { data = {error: `HTTP ${res.status}`}; }
    if (!res.ok) { const err = new Error(data.error || `HTTP ${res.status}`); err.status = res.status; throw err; }
    return data;
  } finally { setBusy(-1); }
}

function showTab(name) {
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("hidden", p.id !== `panel-${name}`);
  if (name === "saved") loadSaved();
  if (name !== "game") stopPlaying();
}

// --- set-up form ---------------------------------------------------------------------------------------------------
function currentGameInfo() { return catalogue.games.find((g) => g.name === $("#game").value); }

function fillSetup() {
  const info = currentGameInfo();
  const players = $("#players"), keep = players.value;
  players.innerHTML = "";
  for (let n = info.min_players; n <= info.max_players; n++) players.append(el("option", {value: n, text: n}));
  players.value = (keep >= info.min_players && keep <= info.max_players) ? keep : info.default_players;
  const opts = $("#options");
  opts.querySelectorAll(".row, .doc").forEach((e) => e.remove());
  for (const [name, o] of Object.entries(info.options)) {
    let input;
    if (o.kind === "bool") { input = el("input", {type: "checkbox", id: `opt-${name}`}); input.checked = !!o.default; }
    else {
      input = el("input", {type: o.kind === "str" ? "text" : "number", id: `opt-${name}`,
                           placeholder: o.nullable ? "none" : ""});
      if (o.default !== null) input.value = o.default;
    }
    input.dataset.kind = o.kind; input.dataset.nullable = o.nullable ? "1" : "";
    opts.append(el("div", {class: "row"}, el("label", {for: `opt-${name}`, text: name}), input,
                   el("span", {class: "doc", text: o.doc})));
  }
  opts.classList.toggle("hidden", Object.keys(info.options).length === 0);
  fillSeats();
}

function fillSeats() {
  const n = +$("#players").value, seat = $("#seat"), keep = seat.value;
  seat.innerHTML = "";
  for (let s = 0; s < n; s++) seat.append(el("option", {value: s, text: `seat ${s} (P${s})`}));
  seat.append(el("option", {value: "watch", text: "nobody: watch bots play"}));
  seat.value = [...seat.options].some((o) => o.value === keep) ? keep : "0";
  fillBots();
}

function fillBots() {
  const info = currentGameInfo(), n = +$("#players").value, seat = $("#seat").value;
  const box = $("#bots"), old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.innerHTML = "";
  const list = el("datalist", {id: "bot-specs"});
  for (const b of info.bots) list.append(el("option", {value: b}));
  box.append(list);
  let k = 0;
  for (let s = 0; s < n; s++) {
    if (String(s) === seat) continue;
    const input = el("input", {type: "text", list: "bot-specs", id: `bot-${s}`, class: "bot-spec"});
    input.value = old[k] || "heuristic"; k++;
    box.append(el("div", {class: "row"}, el("label", {for: `bot-${s}`, text: `P${s} bot`}), input));
  }
}

function readOptions() {
  const out = {};
  for (const input of $("#options").querySelectorAll("input")) {
    const name = input.id.slice(4), kind = input.dataset.kind;
    if (kind === "bool") { out[name] = input.checked; continue; }
    const v = input.value.trim();
    if (v === "" || v.toLowerCase() === "none") { if (input.dataset.nullable) out[name] = null; continue; }
    out[name] = kind === "int" ? parseInt(v, 10) : kind === "float" ? parseFloat(v) : v;
  }
  return out;
}

async function startGame(ev) {
  ev.preventDefault();
  message("");
  const seat = $("#seat").value;
  const body = {game: $("#game").value, players: +$("#players").value, seat: seat === "watch" ? null : +seat,
                bots: [...document.querySelectorAll(".bot-spec")].map((i) => i.value.trim()),
                options: readOptions(), auto_forced: $("#auto-forced").checked};
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = parseInt(seed, 10);
  try {
    const v = await api("POST", "/api/games", body);
    openGame(v);
  } catch (e) { message(e.message); }
}

// --- a game on screen ----------------------------------------------------------------------------------------------
function openGame(v) {
  stopPlaying();
  log = []; game = null; viewChoice = "all";
  $("#tab-game").classList.remove("hidden");
  showTab("game");
  const view = $("#view");
  view.innerHTML = "";
  view.append(el("option", {value: "all", text: "whole table"}));
  for (let s = 0; s < v.num_players; s++) view.append(el("option", {value: s, text: `P${s} (${v.players[s]})`}));
  view.value = "all";
  $("#controls").classList.toggle("hidden", v.kind === "play");
  $("#watch-controls").classList.toggle("hidden", v.kind === "play");
  $("#replay-controls").classList.toggle("hidden", v.kind !== "replay");
  $("#moves-box").classList.toggle("hidden", v.kind !== "play");
  show(v);
}

function viewParam() { return game && game.kind !== "play" ? viewChoice : null; }

function show(v) {
  log = log.slice(0, v.log_from).concat(v.log);
  game = v;
  const who = (p) => `P${p} (${v.players[p]})`;
  const kindText = {play: `you are P${v.seat}`, watch: "bots only", replay: "replay"}[v.kind];
  $("#game-title").textContent = `${v.game.replace("_", " ")} · ${v.num_players} players · ${kindText}` +
    (v.title ? ` · ${v.title}` : "");
  const status = $("#status");
  status.dataset.finished = v.finished ? "true" : "false";
  status.dataset.moveNumber = v.move_number;
  status.classList.toggle("yours", v.your_turn);
  if (v.finished) status.textContent = `Game over after ${v.move_number} moves`;
  else if (v.your_turn) status.textContent = `Move ${v.move_number + 1}: your turn`;
  else status.textContent = `Move ${v.move_number + 1}: ${who(v.current_player)} to move`;
  // table
  const board = $("#board");
  board.innerHTML = "";
  if (v.board) {
    board.append(pmBoard(v.board, v.viewer));
    $("#text-box").open = false;
    $("#text-box").classList.remove("hidden");
    $("#table-text").replaceChildren(...textLines(v.text, v.viewer));
  } else {
    $("#text-box").classList.add("hidden");
    board.append(el("pre", {class: "table", id: "table-main"}, ...textLines(v.text, v.viewer)));
  }
  // moves
  const moves = $("#moves");
  moves.innerHTML = "";
  if (v.kind === "play") {
    $("#moves-head").textContent = v.your_turn ? `Your moves (${v.legal.length})` : "Your moves";
    if (v.your_turn) {
      for (const m of v.legal) {
        moves.append(el("button", {class: "move", "data-action": m.action, title: m.name,
                                   onclick: () => playMove(m.action)}, ...cards(m.name)));
      }
    } else moves.append(el("span", {class: "none", text: v.finished ? "The game is over." : "Waiting..."}));
  }
  // result
  const result = $("#result");
  result.innerHTML = "";
  if (v.finished) {
    const r = v.result, winners = r.winners.length ? r.winners.map(who).join(", ") : "nobody (truncated)";
    result.append(el("div", {}, el("b", {text: "Result: "}), `winner ${winners}`),
                  el("div", {text: "Scores: " + r.scores.map((s, p) => `P${p} ${s}`).join(", ")}));
  }
  if (v.record_available) {
    result.append(el("div", {}, el("a", {href: `/api/games/${v.id}/record`, id: "download-record",
                                         text: "Download the record (JSON)"}),
                     v.saved ? el("span", {class: "doc", text: `saved as ${v.saved}`}) : null));
  }
  result.classList.toggle("hidden", !result.childNodes.length);
  // log
  const ol = $("#log");
  ol.innerHTML = "";
  for (const e of log) {
    const li = el("li", {value: e.n}, ...cards(`${who(e.player)}: ${e.text}`));
    if (v.viewer !== null && e.player === v.viewer) li.classList.add("mine");
    if (e.text.endsWith("(hidden)")) li.classList.add("hidden-move");
    if (e.revealed) li.append(el("span", {class: "rev"}, ...cards(e.revealed)));
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
  if (v.kind === "replay") {
    $("#position").max = v.replay.length; $("#position").value = v.replay.position;
    $("#position-text").textContent = `move ${v.replay.position} / ${v.replay.length}`;
  }
  if (v.kind !== "play") {
    const done = v.finished || (v.replay && v.replay.position >= v.replay.length);
    $("#step-one").disabled = done;
    if (done) stopPlaying();
  }
}

// Cards named by rank and suit letter (games with suit_cards) with their suit symbols (7C -> 7♣), red hearts and diamonds.
const SUITS = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660"};
function cards(text) {
  if (!game || !game.suit_cards) return [text];
  const out = [], re = /\b(10|[3-9JQKA])([CDHS])\b/g;
  let last = 0, m;
  while ((m = re.exec(text)) !== null) {
    out.push(text.slice(last, m.index));
    out.push(el("span", {class: "card suit-" + m[2], title: m[0], text: m[1] + SUITS[m[2]]}));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function textLines(text, viewer) {
  return text.split("\n").map((line, i) => {
    const me = viewer !== null && new RegExp(`^\\s*(P${viewer}\\b|seat ${viewer}\\b)`).test(line);
    return el("span", {class: i === 0 ? "head" : me ? "me" : ""}, ...cards(line + "\n"));
  });
}

async function playMove(action) {
  if (busy) return;
  message("");
  try {
    show(await api("POST", `/api/games/${game.id}/move`, {action, move_number: game.move_number, since: log.length}));
  } catch (e) { await refuse(e); }
}

async function refuse(e) {
  message(e.message);
  if (game && (e.status === 409 || e.status === 400)) {
    try { log = []; show(await api("GET", `/api/games/${game.id}?since=0` + viewQuery())); } catch (e2) { /* keep */ }
  }
}
function viewQuery() { const p = viewParam(); return p === null ? "" : `&view=${p}`; }

async function step(count = 1) {
  try {
    show(await api("POST", `/api/games/${game.id}/step`,
                   {move_number: game.move_number, count, view: viewParam(), since: log.length}));
  } catch (e) { stopPlaying(); await refuse(e); }
}

function delay() { return Math.round(2000 * Math.pow(0.03, $("#speed").value / 100)); }  // 2 s .. 60 ms
function stopPlaying() { playing = false; clearTimeout(timer); $("#play-pause").innerHTML = "&#9654; Play"; }
async function tick() {
  if (!playing) return;
  await step(1);
  if (playing) timer = setTimeout(tick, delay());
}
function togglePlay() {
  if (playing) { stopPlaying(); return; }
  playing = true; $("#play-pause").innerHTML = "&#10074;&#10074; Pause"; tick();
}
async function gotoMove(to) {
  stopPlaying();
  try {
    show(await api("POST", `/api/games/${game.id}/goto`,
                   {to, move_number: game.move_number, view: viewParam(), since: Math.min(log.length, to)}));
  } catch (e) { await refuse(e); }
}

// --- Prime Minister board ------------------------------------------------------------------------------------------
function partySpan(p) { return el("span", {class: `party-${p}`, text: p}); }
function track(lo, hi, value, label = true) {
  const t = el("div", {class: "track"});
  for (let i = lo; i <= hi; i++) t.append(el("div", {class: "cell" + (i === value ? " on" : ""), text: label ? i : ""}));
  return t;
}
function pmBoard(b, viewer) {
  const root = el("div", {class: "pm", id: "pm-board"});
  const pending = b.pending ? `P${b.pending.player} to move (${b.pending.kind.replace(/_/g, " ")})` : "game over";
  root.append(el("div", {class: "strip"},
    el("span", {}, el("b", {text: "Round "}), String(b.round)),
    el("span", {}, el("b", {text: "Government: "}), partySpan(b.government)),
    el("span", {}, el("b", {text: "Pact: "}), b.pact ? "yes" : "no"),
    el("span", {}, el("b", {text: "Election marker: "}), b.marker ? "on" : "off"),
    b.resigned ? el("span", {text: "PM resigned"}) : null,
    b.scenario ? el("span", {}, el("b", {text: "Scenario "}), String(b.scenario)) : null,
    el("span", {text: pending})));
  // popularity lead and MPs
  const span = Math.max(30, Math.abs(b.lead) + 5), pos = 50 + 50 * b.lead / span;
  const lead = el("div", {class: "box"}, el("h4", {text: "Popularity lead"}),
    el("div", {class: "leadtrack"}, el("div", {class: "mid"}),
       el("div", {class: "pin", style: `left:${pos}%`, text: b.lead > 0 ? `+${b.lead}` : String(b.lead)})),
    el("div", {class: "leadlabels"}, el("span", {class: "party-liberal", text: `◀ liberal lead`}),
       el("span", {text: b.lead === 0 ? "tied" : `${b.lead > 0 ? "conservative" : "liberal"} +${Math.abs(b.lead)}`}),
       el("span", {class: "party-conservative", text: "conservative lead ▶"})));
  const tot = b.mps.A + b.mps.M + b.mps.P || 1;
  const mps = el("div", {class: "box"}, el("h4", {text: "MPs"}),
    el("div", {class: "mps"}, ...["A", "M", "P"].map((k) =>
      el("div", {class: k, style: `width:${100 * b.mps[k] / tot}%`, text: `${k} ${b.mps[k]}`}))));
  root.append(el("div", {style: "display:grid;grid-template-columns:1fr 1fr;gap:8px"}, lead, mps));
  // sectors
  const sec = el("div", {class: "sectors"});
  for (const s of b.sectors) {
    const t = el("div", {class: "track"});
    for (let i = 0; i < s.steps; i++) {
      const L = s.liberal === i, C = s.conservative === i;
      t.append(el("div", {class: "cell" + (L && C ? " LC" : L ? " L" : C ? " C" : ""),
                          title: `${L ? "liberal " : ""}${C ? "conservative" : ""}`, text: L && C ? "LC" : L ? "L" : C ? "C" : i}));
    }
    sec.append(el("span", {text: s.name}), t);
  }
  root.append(el("div", {class: "box"}, el("h4", {text: "Sectors (L = liberal, C = conservative marker)"}), sec));
  // bills
  const bills = el("div", {class: "bills"});
  for (const x of b.bills) {
    bills.append(el("div", {class: "bill"}, el("div", {}, el("b", {text: `Bill ${x.slot}: `}), x.name),
      el("div", {text: `${x.icon}${x.adj >= 0 ? "+" : ""}${x.adj} → projection ${x.projection}` +
                       (x.debate.length ? ` · debate: ${x.debate.join(", ")}` : "")}),
      el("div", {class: "bar"}, el("span", {style: `width:${Math.min(100, x.projection / 6.6)}%`}))));
  }
  if (!b.bills.length) bills.append(el("span", {class: "hand", text: "no bills on the table"}));
  const extra = [];
  if (b.revealed_bills.length) extra.push(el("div", {text: "Revealed proposals: " + b.revealed_bills.join(", ")}));
  if (b.own_bills && b.own_bills.length) extra.push(el("div", {text: "Your bills (hidden): " + b.own_bills.join(", ")}));
  if (b.drawn && b.drawn.length) extra.push(el("div", {text: "You drew: " + b.drawn.join(", ")}));
  root.append(el("div", {class: "box"}, el("h4", {text: "Bills"}), bills, ...extra));
  // seats
  const seats = el("div", {class: "seats"});
  for (const s of b.seats) {
    const card = el("div", {class: "seat" + (s.seat === viewer ? " me" : "") +
                                  (b.pending && b.pending.player === s.seat ? " tomove" : "")},
      el("div", {class: "nm"}, `P${s.seat} ${s.name} `, partySpan(s.party)),
      el("div", {text: ROLES[s.role] || s.role}),
      el("div", {class: "stats"}, el("span", {text: `VP ${s.vp}`}), el("span", {text: `Favour ${s.favour}`}),
         el("span", {text: `Cubes ${s.cubes}`})),
      el("div", {}, "Standing ", el("b", {text: String(s.standing)}), ` (${s.standing_min}–${s.standing_max})`),
      track(s.standing_min, s.standing_max, s.standing, false),
      el("div", {class: "hand", text: s.hand ? `Supporters: ${s.hand.length ? s.hand.join(", ") : "none"}`
                                             : `Supporters: ${s.hand_count} card(s)`}));
    seats.append(card);
  }
  root.append(seats);
  return root;
}

// --- replays and saved games ---------------------------------------------------------------------------------------
async function uploadReplay() {
  const file = $("#record-file").files[0];
  if (!file) { message("choose a record file first"); return; }
  let record;
  try { record = JSON.parse(await file.text()); } catch (e) { message(`${file.name} is not JSON`); return; }
  try { openGame(await api("POST", "/api/replays", {record, title: file.name})); } catch (e) { message(e.message); }
}

async function loadSaved() {
  const body = $("#saved-table tbody");
  try {
    const data = await api("GET", "/api/records");
    body.innerHTML = "";
    if (!data.records.length) body.append(el("tr", {}, el("td", {colspan: 5, text: "no saved games yet"})));
    for (const r of data.records) {
      const res = r.result ? (r.result.winners.length ? "won by " + r.result.winners.map((p) => `P${p}`).join(", ")
                                                      : "truncated") : "unfinished";
      body.append(el("tr", {"data-name": r.name}, el("td", {text: r.game}),
        el("td", {text: (r.players || []).map((p, i) => `P${i} ${p}`).join(", ")}), el("td", {text: r.moves}),
        el("td", {text: res}),
        el("td", {}, el("button", {text: "Replay", class: "replay-saved", onclick: async () => {
          try { openGame(await api("POST", "/api/replays", {saved: r.name, title: r.name})); } catch (e) { message(e.message); }
        }}), " ", el("a", {href: `/api/records/${encodeURIComponent(r.name)}`, text: "download"}))));
    }
  } catch (e) { message(e.message); }
}

// --- start -------------------------------------------------------------------------------------------------------
async function init() {
  for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => showTab(t.dataset.tab));
  $("#game").addEventListener("change", fillSetup);
  $("#players").addEventListener("change", fillSeats);
  $("#seat").addEventListener("change", fillBots);
  $("#setup-form").addEventListener("submit", startGame);
  $("#replay-upload").addEventListener("click", uploadReplay);
  $("#play-pause").addEventListener("click", togglePlay);
  $("#step-one").addEventListener("click", () => { stopPlaying(); step(1); });
  $("#to-start").addEventListener("click", () => gotoMove(0));
  $("#step-back").addEventListener("click", () => gotoMove(Math.max(0, game.move_number - 1)));
  $("#position").addEventListener("change", (e) => gotoMove(+e.target.value));
  $("#view").addEventListener("change", async (e) => {
    viewChoice = e.target.value; log = [];
    try { show(await api("GET", `/api/games/${game.id}?since=0&view=${viewChoice}`)); } catch (err) { message(err.message); }
  });
  try {
    catalogue = await api("GET", "/api/catalogue");
  } catch (e) { message(`cannot reach the server: ${e.message}`); return; }
  $("#version").textContent = `hustings ${catalogue.version}`;
  for (const g of catalogue.games) $("#game").append(el("option", {value: g.name, text: g.name.replace("_", " ")}));
  fillSetup();
  document.body.dataset.ready = "1";
}
init();
