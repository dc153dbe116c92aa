// hustings web app: plain JavaScript, no build step. Everything it shows comes from the server's view of one seat
// (the table, the question asked with its labelled choices, and the story so far are built on the server: view.py).
"use strict";
const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined && k !== false) e.append(k);
  return e;
};
const plural = (n, word, many = word + "s") => `${n} ${n === 1 ? word : many}`;
// a game's name as players say it, from the server's catalogue (the page names no game itself)
const titleOf = (name) => ((catalogue && catalogue.games.find((g) => g.name === name)) || {}).title || name;
const ICONS = {  // inline SVG: every browser draws them (no font needed)
  start: "M4 3h2v14H4zM17 3v14L7 10z", back: "M15 3v14L5 10z", play: "M6 3v14l10-7z",
  pause: "M5 3h4v14H5zM11 3h4v14h-4z", step: "M5 3v14l10-7z", end: "M14 3h2v14h-2zM3 3v14l10-7z"};
function icon(name) {
  const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  s.setAttribute("viewBox", "0 0 20 20"); s.setAttribute("aria-hidden", "true"); s.setAttribute("class", "icon");
  const p = document.createElementNS("http://www.w3.org/2000/svg", "path"); p.setAttribute("d", ICONS[name]);
  s.append(p);
  return s;
}

let catalogue = null;
const refs = {};          // game -> reference (card texts, quick rules, option words)
let game = null;          // the last view from the server
let log = [];             // the moves so far, as this viewer sees them
let feed = [];            // the events narrated, per move
let viewChoice = "all";   // watch / replay: whose view
let timer = null, playing = false, busy = 0, pacing = null;
const tokens = {};        // game id -> its token (when the server gives one)

function setBusy(d) { busy += d; document.body.dataset.busy = busy > 0 || pacing ? "1" : "0"; }
function message(text, info = false) {
  const m = $("#message");
  if (!text) { m.classList.add("hidden"); return; }
  m.textContent = text; m.classList.toggle("info", info); m.classList.remove("hidden");
}

async function api(method, url, body) {
  setBusy(1);
  try {
    const headers = {};
    if (body) headers["Content-Type"] = "application/json";
    const id = (url.match(/^\/api\/games\/([^/?]+)/) || [])[1];
    if (id && tokens[id]) headers["X-Hustings-Token"] = tokens[id];
    const res = await fetch(url, {method, headers, body: body ? JSON.stringify(body) : undefined});
    let data = null;
    try { data = await res.json(); } catch (e) { data = {error: `HTTP ${res.status}`}; }
    if (!res.ok) { const err = new Error(data.error || `HTTP ${res.status}`); err.status = res.status; throw err; }
    if (data && data.id && data.token) remember(data.id, data.token);
    return data;
  } finally { setBusy(-1); }
}
function remember(id, token) {
  tokens[id] = token;
  try { localStorage.setItem(`hustings-token-${id}`, token); } catch (e) { /* private mode */ }
}

async function reference(name) {
  if (!refs[name]) {
    try { refs[name] = await api("GET", `/api/reference/${name}`); }
    catch (e) { refs[name] = {cards: {}, options: {}, summary: [], rules_url: null}; }
  }
  return refs[name];
}
function cardText(name) {
  const r = game && refs[game.game];
  if (!r || !name) return "";
  if (r.cards[name]) return r.cards[name];
  const pre = String(name).slice(0, 3);
  return r.cards[pre] || "";
}

function showTab(name) {
  for (const t of document.querySelectorAll(".tab")) {
    const on = t.dataset.tab === name;
    t.classList.toggle("active", on); t.setAttribute("aria-selected", on ? "true" : "false");
  }
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("hidden", p.id !== `panel-${name}`);
  if (name === "saved") loadSaved();
  if (name !== "game") stopPlaying();
}

// --- tooltips that work with a tap too ----------------------------------------------------------------------------
function tipped(node, text) {
  if (!text) return node;
  node.title = text; node.dataset.tip = text;
  if (!node.matches("button")) node.tabIndex = 0;
  return node;
}
function showTip(target) {
  const tip = $("#tip");
  if (!target) { tip.classList.add("hidden"); return; }
  tip.textContent = target.dataset.tip;
  tip.classList.remove("hidden");
  const r = target.getBoundingClientRect(), w = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${w}px`;
  tip.style.left = `${Math.max(8, Math.min(window.innerWidth - w - 8, r.left))}px`;
  tip.style.top = `${window.scrollY + r.bottom + 6}px`;
}
document.addEventListener("click", (ev) => {
  const t = ev.target.closest("[data-tip]");
  showTip(t && !t.closest("button") ? t : null);
});
window.addEventListener("resize", () => showTip(null));
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") { showTip(null); if (pacing) pacing.skip = true; }
  if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches("[data-tip]:not(button)")) {
    ev.preventDefault(); showTip(ev.target);
  }
});

// --- set-up form ---------------------------------------------------------------------------------------------------
function currentGameInfo() { return catalogue.games.find((g) => g.name === $("#game").value); }

async function fillSetup() {
  const info = currentGameInfo();
  const players = $("#players"), keep = players.value;
  players.innerHTML = "";
  for (let n = info.min_players; n <= info.max_players; n++) players.append(el("option", {value: n, text: n}));
  players.value = (keep >= info.min_players && keep <= info.max_players) ? keep : info.default_players;
  const ref = await reference(info.name);
  if (currentGameInfo() !== info) return;  // another game was chosen meanwhile
  const opts = $("#options");
  opts.querySelectorAll(".row, .doc, details").forEach((e) => e.remove());
  const advanced = el("details", {class: "advanced"}, el("summary", {text: "Advanced"}));
  for (const [name, o] of Object.entries(info.options)) {
    const words = ref.options[name] || {};
    let input;
    if (name === "components") {  // a component set the server offers, by name
      const sets = catalogue.components || [];
      if (!sets.length) continue;
      input = el("select", {id: `opt-${name}`}, el("option", {value: "", text: "the shipped set"}),
                 ...sets.map((c) => el("option", {value: typeof c === "string" ? c : c.name, text: typeof c === "string" ? c : c.name})));
    } else if (words.choices) {
      input = el("select", {id: `opt-${name}`});
      for (const c of words.choices) input.append(el("option", {value: c.value, text: c.label, title: c.help || ""}));
      input.value = o.default;
    } else if (o.kind === "bool") {
      input = el("input", {type: "checkbox", id: `opt-${name}`}); input.checked = !!o.default;
    } else {
      input = el("input", {type: o.kind === "str" ? "text" : "number", id: `opt-${name}`,
                           placeholder: o.nullable ? "none" : "", min: o.kind === "int" ? 0 : null});
      if (o.default !== null) input.value = o.default;
    }
    input.dataset.kind = o.kind; input.dataset.nullable = o.nullable ? "1" : "";
    input.dataset.option = name;
    input.addEventListener("change", checkSetup);
    const row = el("div", {class: "row", "data-option": name},
                   el("label", {for: `opt-${name}`, text: words.label || name.replace(/_/g, " ")}), input,
                   el("span", {class: "doc", id: `doc-${name}`, text: words.help || o.doc}));
    (words.advanced ? advanced : opts).append(row);
  }
  if (advanced.querySelector(".row")) opts.append(advanced);
  opts.classList.toggle("hidden", Object.keys(info.options).length === 0);
  const rules = $("#setup-rules");
  rules.innerHTML = "";
  rules.dataset.game = info.name;
  rules.append(el("h3", {text: `${info.title || info.name}: how to play`}),
               el("ul", {}, ...ref.summary.map((s) => el("li", {text: s}))),
               ref.rules_url ? el("a", {href: ref.rules_url, target: "_blank", rel: "noopener",
                                        text: "The full rules notes"}) : null);
  fillSeats();
}

function fillSeats() {
  const n = +$("#players").value, seat = $("#seat"), keep = seat.value;
  seat.innerHTML = "";
  for (let s = 0; s < n; s++) seat.append(el("option", {value: s, text: `seat ${s} (P${s})`}));
  seat.append(el("option", {value: "watch", text: "nobody: watch bots play"}));
  seat.value = [...seat.options].some((o) => o.value === keep) ? keep : "0";
  fillBots();
  checkSetup();
}

function fillBots() {
  const info = currentGameInfo(), n = +$("#players").value, seat = $("#seat").value;
  const box = $("#bots"), old = [...box.querySelectorAll(".bot-spec")].map((i) => i.value);
  box.innerHTML = "";
  const list = el("datalist", {id: "bot-specs"});
  for (const b of info.bots) list.append(el("option", {value: b}));
  box.append(list);
  let k = 0;
  for (let s = 0; s < n; s++) {
    if (String(s) === seat) continue;
    const input = el("input", {type: "text", list: "bot-specs", id: `bot-${s}`, class: "bot-spec"});
    input.value = old[k] || (info.bots.includes("heuristic") ? "heuristic" : info.bots[0] || "random"); k++;
    box.append(el("div", {class: "row"}, el("label", {for: `bot-${s}`, text: `P${s} bot`}), input));
  }
}

// Options that need a table size or another option are offered only when they fit (no trial and error).
function checkSetup() {
  const info = currentGameInfo(), ref = refs[info.name] || {options: {}};
  const n = +$("#players").value, problems = [];
  const value = (name) => { const i = $(`#opt-${name}`); return !i ? null : i.type === "checkbox" ? i.checked : i.value; };
  for (const [name, words] of Object.entries(ref.options)) {
    const input = $(`#opt-${name}`);
    if (!input) continue;
    if (words.choices) {
      for (const opt of input.options) {
        const c = words.choices.find((x) => String(x.value) === opt.value);
        opt.disabled = !!(c && c.players && !c.players.includes(n));
      }
      if (input.selectedOptions[0] && input.selectedOptions[0].disabled) {
        problems.push(`${words.label} ${input.selectedOptions[0].text} is not for ${n} players`);
      }
    }
    const req = words.requires;
    if (req && input.type === "checkbox") {
      const ok = (!req.players || req.players.includes(n)) &&
                 Object.entries(req).every(([k, vals]) => k === "players" || vals.map(String).includes(String(value(k))));
      input.disabled = !ok;
      if (!ok) input.checked = false;
      input.closest(".row").classList.toggle("off", !ok);
    }
  }
  const start = $("#start");
  start.disabled = problems.length > 0;
  $("#setup-problem").textContent = problems.join("; ");
}

function readOptions() {
  const out = {};
  for (const input of $("#options").querySelectorAll("input, select")) {
    const name = input.dataset.option, kind = input.dataset.kind;
    if (!name) continue;
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
  $("#start").disabled = true;
  try {
    openGame(await api("POST", "/api/games", body));
  } catch (e) { message(e.message); } finally { $("#start").disabled = false; checkSetup(); }
}

// --- a game on screen ----------------------------------------------------------------------------------------------
async function openGame(v) {
  stopPlaying();
  log = []; feed = []; game = null; viewChoice = "all";
  await Promise.all([reference(v.game), gameScript(v.game)]);
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
  $("#pace-box").classList.toggle("hidden", v.kind !== "play");
  const ref = refs[v.game];
  const rl = $("#rules-link");
  rl.href = ref.rules_url || "#"; rl.classList.toggle("hidden", !ref.rules_url);
  if (v.token) remember(v.id, v.token);
  try { history.replaceState(null, "", `${location.pathname}#game=${encodeURIComponent(v.id)}`); } catch (e) { /* file: */ }
  await show(v, false);
}

function viewParam() { return game && game.kind !== "play" ? viewChoice : null; }
const who = (v, p) => p === v.seat && v.kind === "play" ? `P${p} (you)` : `P${p} (${v.players[p]})`;
function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
function pace() { const p = +($("#pace").value); return Number.isFinite(p) ? p : 400; }

async function show(v, animate = true) {
  const before = game && game.id === v.id ? game.move_number : 0;
  log = log.slice(0, v.log_from).concat(v.log);
  const t = v.table || {};
  feed = feed.filter((f) => f.n <= v.log_from && (f.n > 0 || v.log_from > 0)).concat(t.feed || []);
  // the bots' moves, one by one, before the new table (the person's own move shows at once)
  const fresh = log.filter((e) => e.n > before && !(v.kind === "play" && e.player === v.seat));
  const wait = v.kind === "play" && animate ? pace() : 0;
  if (wait > 0 && fresh.length > 0 && game) {
    pacing = {skip: false};
    document.body.dataset.busy = "1";
    // the table after each move, as the server kept it (the answer's frames): the board never lags the story
    const frames = new Map((t.frames || []).map((f) => [f.n, f]));
    const mine = frames.get(fresh[0].n - 1);  // after the person's own move
    if (mine) drawFrame(v, mine); else renderMoves(game, true);
    const each = Math.max(60, Math.min(wait, 3000 / fresh.length));
    for (const e of fresh) {
      if (pacing.skip) break;
      if (frames.has(e.n)) drawFrame(v, frames.get(e.n));
      renderLog(v, e.n);
      const said = (feed.find((f) => f.n === e.n) || {}).move || e.text;
      setStatus(`${who(v, e.player)}: ${said}`, false, e.n);
      await sleep(each);
    }
    pacing = null;
  }
  game = v;
  render(v);
  if (v.public) message("This game's seat is not yours here (no token): you see only what everybody sees.", true);
  document.body.dataset.busy = busy > 0 ? "1" : "0";
}

function setStatus(text, yours, n) {
  const status = $("#status");
  status.textContent = text;
  status.classList.toggle("yours", !!yours);
  if (n !== undefined) status.dataset.showing = n;
}

function render(v) {
  const t = v.table || {};
  const kindText = {play: `you are P${v.seat}`, watch: "bots only", replay: "replay"}[v.kind];
  $("#game-title").textContent = `${titleOf(v.game)} · ${v.num_players} players · ${kindText}` +
    (v.title ? ` · ${v.title}` : "");
  const status = $("#status");
  delete status.dataset.showing;
  status.dataset.finished = v.finished ? "true" : "false";
  status.dataset.moveNumber = v.move_number;
  if (v.finished) setStatus(`Game over after ${plural(v.move_number, "move")}` +
                            (t.end ? `: ${t.end.headline}` : ""), false);
  else if (v.your_turn) setStatus(`Move ${v.move_number + 1}: your turn`, true);
  else setStatus(`Move ${v.move_number + 1}: ` + (t.waiting || `${who(v, v.current_player)} to move`), false);
  // the table
  $("#table-col").dataset.game = v.game;
  $("#table-col").dataset.layout = v.layout || "";
  const keepScroll = window.scrollY;
  drawBoard(v);
  $("#table-text").textContent = v.text;
  renderSaveError(v);
  renderMoves(v, false);
  renderEnd(v);
  renderLog(v);
  if (v.kind === "replay") {
    $("#position").max = v.replay.length; $("#position").value = v.replay.position;
    const unfinished = v.replay.position >= v.replay.length && !v.finished;
    $("#position-text").textContent = `move ${v.replay.position} / ${v.replay.length}` +
      (unfinished ? " — the record stops here: the game was not finished" : "");
    $("#position-text").classList.toggle("warn", unfinished);
    $("#to-start").disabled = $("#step-back").disabled = v.replay.position === 0;
    $("#to-end").disabled = v.replay.position >= v.replay.length;
  }
  if (v.kind !== "play") {
    const done = v.finished || (v.replay && v.replay.position >= v.replay.length);
    $("#step-one").disabled = done;
    $("#play-pause").disabled = done;
    if (done) stopPlaying();
  }
  window.scrollTo(0, keepScroll);
}

function drawBoard(v) {
  const t = v.table || {}, board = $("#board");
  board.innerHTML = "";
  const draw = t.table && layoutOf(v).board;
  if (draw) board.append(draw(t.table, v));
  else if (v.public) board.append(el("p", {class: "muted", text: "A seat's table is shown only in the browser that started the game."}));
  else board.append(el("pre", {class: "table", id: "table-main"}, v.text));
  board.dataset.n = v.move_number;
}

// the table as it was after move f.n (a frame of the server's answer), while the bots' moves are shown one by one
function drawFrame(v, f) {
  const fv = {...v, move_number: f.n, your_turn: false, legal: [], finished: false, current_player: f.current_player,
              table: {...(v.table || {}), table: f.table, prompt: null, waiting: f.waiting, end: null}};
  const keepScroll = window.scrollY;
  drawBoard(fv);
  renderMoves(fv, true);
  window.scrollTo(0, keepScroll);
}

// a record or the game's progress that could not be written: said on the page, with a button to write it again
function renderSaveError(v) {
  const box = $("#save-error");
  box.innerHTML = "";
  box.classList.toggle("hidden", !v.save_error);
  if (!v.save_error) return;
  const record = /record/.test(v.save_error);
  box.append(el("b", {text: record ? "The record could not be saved. " : "The game could not be saved. "}),
             el("span", {text: v.save_error}), " ",
             el("button", {id: "save-again", text: "Save again", onclick: saveAgain}));
}
async function saveAgain() {
  try {
    await show(await api("POST", `/api/games/${game.id}/save`, {view: viewParam(), since: log.length}), false);
  } catch (e) { message(e.message); }
}

// --- the question asked, with every choice --------------------------------------------------------------------------
function renderMoves(v, waiting) {
  const box = $("#moves-box"), moves = $("#moves"), t = v.table || {};
  const hadFocus = document.activeElement && document.activeElement.closest && document.activeElement.closest("#moves");
  moves.innerHTML = "";
  box.classList.toggle("hidden", v.kind !== "play");
  if (v.kind !== "play") return;
  const prompt = t.prompt;
  const q = $("#moves-head");
  if (waiting || !v.your_turn || !prompt) {
    q.textContent = v.finished ? "The game is over" : waiting ? "The bots are playing…" : (t.waiting || "Waiting…");
    box.classList.add("waiting");
    const hand = t.table && t.table.hand;
    if (hand && hand.length && layoutOf(v).card) moves.append(handView(v, hand));
    else moves.append(el("span", {class: "none", text: v.finished ? "" : "Waiting for the other players."}));
    if (hadFocus) $("#status").focus({preventScroll: true});
    return;
  }
  box.classList.remove("waiting");
  q.textContent = prompt.question;
  const draw = layoutOf(v).choices || groupedChoices;
  if (t.table && layoutOf(v).handAbove && t.table.hand && t.table.phase !== "discard") {
    moves.append(el("div", {class: "your-hand"}, el("span", {class: "muted", text: "Your hand: "}), handView(v, t.table.hand)));
  }
  moves.append(draw(prompt.choices, t.table, v));
  const first = moves.querySelector("button.move");
  if (first && (hadFocus || document.activeElement === document.body || !document.activeElement)) {
    first.focus({preventScroll: true});
  }
}

function moveButton(c, ...kids) {
  return el("button", {class: "move", "data-action": c.action, title: c.detail ? `${c.label}: ${c.detail}` : c.label,
                       "aria-label": c.detail ? `${c.label}. ${c.detail}` : c.label,
                       onclick: () => playMove(c.action)}, ...kids);
}

function groupedChoices(choices, table) {
  const root = el("div", {class: "choices"});
  const groups = new Map();
  for (const c of choices) {
    const g = c.group || "";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(c);
  }
  for (const [g, list] of groups) {
    const box = el("div", {class: "choice-group"}, g ? el("h4", {text: g}) : null);
    const row = el("div", {class: "choice-row"});
    for (const c of list) {
      const b = moveButton(c, el("span", {class: "lbl", text: c.label}),
                           c.detail ? el("span", {class: "det", text: c.detail}) : null);
      if (c.card) tipped(b, cardText(c.card) || b.title);
      row.append(b);
    }
    box.append(row);
    root.append(box);
  }
  return root;
}

// --- cards in hand, and the seats' names (every game's table uses them) ---------------------------------------------
const SUIT_SYMBOL = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660"};
function handView(v, hand) {
  const row = el("div", {class: "hand-row"}), card = layoutOf(v).card;
  if (card) hand.forEach((c) => row.append(card(c)));
  return row;
}
const seatName = (v, p) => p === v.viewer ? `P${p} ${v.kind === "play" ? "(you)" : `(${v.players[p]})`}` : `P${p} (${v.players[p]})`;

// --- each game's own drawing ---------------------------------------------------------------------------------------
// The page draws a game by the kind of table its view names (v.layout: the game's web.py on the server says which).
// Each kind is drawn by the game's own script (web.js in the game's folder, served at /games/NAME/web.js and loaded
// when a game of it is shown), which registers it: Hustings.registerBoard(layout, {board(table, v), choices(choices,
// table, v) (default: grouped buttons), card(c) (a card in hand), handAbove (the hand shown above the choices),
// echoes (a move's first event words the move: the story then says it once)}). Nothing here names a game; the
// question goes above the table for some kinds (app.css: #table-col[data-layout=...]).
const LAYOUTS = {};
const layoutOf = (v) => (v && LAYOUTS[v.layout]) || {};
function registerBoard(layout, drawer) { LAYOUTS[layout] = Object.freeze({...drawer}); }
// what a game's script draws with
window.Hustings = Object.freeze({registerBoard, el, plural, tipped, cardText, moveButton, groupedChoices, seatName,
                                 SUIT_SYMBOL});
const scripts = {};       // game -> the promise of its script loaded (true), or of none (false: drawn as text)
function gameScript(name) {
  if (!scripts[name]) {
    scripts[name] = new Promise((resolve) => {
      const s = el("script", {src: `/games/${encodeURIComponent(name)}/web.js`});
      s.addEventListener("load", () => resolve(true));
      s.addEventListener("error", () => { delete scripts[name]; s.remove(); resolve(false); });
      document.head.append(s);
    });
  }
  return scripts[name];
}

// --- the end -------------------------------------------------------------------------------------------------------
function renderEnd(v) {
  const box = $("#result"), t = v.table || {};
  box.innerHTML = "";
  if (v.finished) {
    const end = t.end;
    if (end) {
      box.append(el("h3", {text: "Result: " + end.headline}), ...end.why.map((w) => el("p", {text: w})));
      const rows = end.standings.map((s) => s.party !== undefined
        ? el("tr", {}, el("td", {text: `${s.party} (${s.seats.map((p) => "P" + p).join(", ")})`}),
             el("td", {text: s.ranking.join(" · ")}), el("td", {text: String(s.total)}), el("td", {text: String(s.turns)}))
        : el("tr", {class: v.result && v.result.winners.includes(s.seat) ? "win" : ""}, el("td", {text: who(v, s.seat)}),
             el("td", {text: `${s.score} ${s.unit}`}), s.role ? el("td", {text: s.role}) : null));
      const head = end.standings.length && end.standings[0].party !== undefined
        ? ["Party", "Groups, least first", "Voters", "Turns"] : ["Player", "Score"];
      box.append(el("table", {class: "standings"}, el("thead", {}, el("tr", {}, ...head.map((h) => el("th", {text: h})))),
                    el("tbody", {}, ...rows)));
    } else {
      const r = v.result, winners = r.winners.length ? r.winners.map((p) => who(v, p)).join(", ") : "nobody";
      box.append(el("h3", {text: `Result: winner ${winners}`}));
    }
  }
  if (v.record_available) {
    box.append(el("div", {}, el("a", {href: `/api/games/${v.id}/record`, id: "download-record", text: "Download the record (JSON)"}),
                   v.saved ? el("span", {class: "muted", text: ` saved as ${v.saved}`}) : null));
  }
  box.classList.toggle("hidden", !box.childNodes.length);
}

// --- the story so far ----------------------------------------------------------------------------------------------
// Card names in the story drawn with their suits (games with suit_cards: 7H -> 7♥ in red).
function withCards(text) {
  if (!game || !game.suit_cards) return [text];
  const out = [], re = /\b(10|[3-9JQKA])([CDHS])\b/g;
  let last = 0, m;
  while ((m = re.exec(text)) !== null) {
    out.push(text.slice(last, m.index));
    out.push(el("span", {class: "cardtxt suit-" + m[2], title: m[0], text: m[1] + SUIT_SYMBOL[m[2]]}));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function renderLog(v, upTo = Infinity) {
  const ol = $("#log");
  ol.innerHTML = "";
  const byMove = new Map(feed.map((f) => [f.n, f.lines]));
  const labels = new Map(feed.filter((f) => f.move).map((f) => [f.n, f.move]));
  const line = (l) => el("li", {class: `ev ${l.tone}`}, ...withCards(l.text));
  const echoes = layoutOf(v).echoes;
  for (const l of byMove.get(0) || []) ol.append(line(l));
  let group = null;
  for (const e of log) {
    if (e.n > upTo) break;
    let lines = byMove.get(e.n) || [];
    const hidden = e.text.endsWith("(hidden)") && e.player !== v.viewer;
    const major = lines.some((l) => l.tone !== "minor");
    if (hidden) {  // plays face down in a row: one line ("P1, P2, P3: play a card face down")
      const text = e.text.replace(/ \(hidden\)$/, "");
      if (group && group.text === text) {
        group.players.push(e.player);
        group.li.firstChild.textContent = `${group.players.map((p) => "P" + p).join(", ")}: ${text}`;
      } else {
        const li = el("li", {class: "mv hidden-move", "data-n": e.n}, el("span", {text: `P${e.player}: ${text}`}));
        group = {text, players: [e.player], li};
        ol.append(li);
      }
      group.li.dataset.n = e.n;
      if (e.revealed && !major) { ol.append(el("li", {class: "ev major"}, ...withCards(e.revealed))); group = null; }
      if (lines.length) { lines.forEach((l) => ol.append(line(l))); group = null; }
      continue;
    }
    group = null;
    let text = labels.get(e.n) || e.text;
    // a move whose first event says the same in words ("P3 plays Green wave beside P3"): the event's words
    if (echoes && lines.length && lines[0].tone === "minor" && lines[0].text.startsWith(`P${e.player} `)) {
      text = lines[0].text.slice(`P${e.player} `.length);
      lines = lines.slice(1);
    }
    const li = el("li", {class: "mv" + (v.viewer !== null && e.player === v.viewer ? " mine" : ""), "data-n": e.n},
                  el("span", {class: "n", text: `${e.n}.`}), ` ${who(v, e.player)}: `, ...withCards(text));
    ol.append(li);
    if (e.revealed && !major) ol.append(el("li", {class: "ev major"}, ...withCards(e.revealed)));
    for (const l of lines) ol.append(line(l));
  }
  if (v.kind === "replay") for (const li of ol.querySelectorAll("li.mv")) {
    li.classList.add("link"); li.tabIndex = 0; li.title = "go to this move";
    const go = () => gotoMove(+li.dataset.n);
    li.addEventListener("click", go);
    li.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go(); });
  }
  ol.scrollTop = ol.scrollHeight;
}

// --- moving --------------------------------------------------------------------------------------------------------
async function playMove(action) {
  if (busy || pacing || !game || !game.your_turn) return;  // never a click the server would refuse
  message("");
  for (const b of document.querySelectorAll("#moves button.move")) b.disabled = true;
  $("#moves-head").textContent = "Your move is played; the others are thinking…";
  $("#moves-box").classList.add("thinking");
  setStatus("The other players are thinking…", false);
  try {
    await show(await api("POST", `/api/games/${game.id}/move`, {action, move_number: game.move_number, since: log.length}));
  } catch (e) { await refuse(e); } finally { $("#moves-box").classList.remove("thinking"); }
}

async function refuse(e) {
  message(e.message);
  if (game && (e.status === 409 || e.status === 400)) {
    try { log = []; feed = []; await show(await api("GET", `/api/games/${game.id}?since=0` + viewQuery()), false); } catch (e2) { /* keep */ }
  } else if (game) render(game);
}
function viewQuery() { const p = viewParam(); return p === null ? "" : `&view=${p}`; }

async function step(count = 1) {
  try {
    await show(await api("POST", `/api/games/${game.id}/step`,
                         {move_number: game.move_number, count, view: viewParam(), since: log.length}), false);
  } catch (e) { stopPlaying(); await refuse(e); }
}

function delay() { return Math.round(2000 * Math.pow(0.03, $("#speed").value / 100)); }  // 2 s .. 60 ms
function setPlayButton(on) {
  const b = $("#play-pause");
  b.replaceChildren(icon(on ? "pause" : "play"), el("span", {text: on ? " Pause" : " Play"}));
  b.setAttribute("aria-pressed", on ? "true" : "false");
}
function stopPlaying() { playing = false; clearTimeout(timer); setPlayButton(false); }
async function tick() {
  if (!playing) return;
  await step(1);
  if (playing) timer = setTimeout(tick, delay());
}
function togglePlay() {
  if (playing) { stopPlaying(); return; }
  playing = true; setPlayButton(true); tick();
}
async function gotoMove(to) {
  stopPlaying();
  try {
    await show(await api("POST", `/api/games/${game.id}/goto`,
                         {to, move_number: game.move_number, view: viewParam(), since: Math.min(log.length, to)}), false);
  } catch (e) { await refuse(e); }
}

// --- replays and saved games ---------------------------------------------------------------------------------------
async function uploadReplay() {
  const file = $("#record-file").files[0];
  if (!file) { message("choose a record file first"); return; }
  let record;
  try { record = JSON.parse(await file.text()); } catch (e) { message(`${file.name} is not JSON`); return; }
  try { await openGame(await api("POST", "/api/replays", {record, title: file.name})); } catch (e) { message(e.message); }
}

function savedDate(name) {
  const m = /^(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)/.exec(name);
  if (!m) return "";
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return d.toLocaleString(undefined, {year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
}

async function loadSaved() {
  const body = $("#saved-table tbody");
  try {
    const data = await api("GET", "/api/records");
    body.innerHTML = "";
    if (!data.records.length) body.append(el("tr", {}, el("td", {colspan: 6, text: "no saved games yet"})));
    for (const r of data.records) {
      const players = r.players || [];
      const res = !r.finished || !r.result ? "unfinished" : r.result.winners.length
        ? "won by " + r.result.winners.map((p) => `P${p}` + (players[p] ? ` (${players[p]})` : "")).join(", ") +
          (r.result.scores ? ` · scores ${r.result.scores.join(" / ")}` : "")
        : "no winner (stopped)";
      body.append(el("tr", {"data-name": r.name},
        el("td", {text: savedDate(r.name)}), el("td", {text: `${titleOf(r.game)}, ${r.num_players} players`}),
        el("td", {text: players.map((p, i) => `P${i} ${p}`).join(", ")}), el("td", {text: r.moves}),
        el("td", {text: res}),
        el("td", {}, el("button", {text: "Replay", class: "replay-saved", onclick: async () => {
          try { await openGame(await api("POST", "/api/replays", {saved: r.name, title: r.name})); } catch (e) { message(e.message); }
        }}), " ", el("a", {href: `/api/records/${encodeURIComponent(r.name)}`, text: "download"}))));
    }
  } catch (e) { message(e.message); }
}

// --- start -------------------------------------------------------------------------------------------------------
async function resume() {
  const m = /#game=([^&]+)/.exec(location.hash);
  if (!m) return;
  const id = decodeURIComponent(m[1]);
  const given = /[?&#]token=([^&#]+)/.exec(location.search + location.hash);  // a seat opened elsewhere
  let stored = null;
  try { stored = localStorage.getItem(`hustings-token-${id}`); } catch (e) { /* private mode */ }
  if (stored) tokens[id] = stored;
  let refused = false;
  if (given) {  // a link's token replaces the one this browser keeps only once the server has taken it
    const token = decodeURIComponent(given[1]);
    if (token !== stored) {
      if (await tokenTaken(id, token)) remember(id, token); else refused = true;
    }
  }
  try { await openGame(await api("GET", `/api/games/${encodeURIComponent(id)}?since=0`)); }
  catch (e) { message(`could not resume the game: ${e.message}`); return; }
  if (refused) {
    message("The link's seat token was refused by the server: it is not this game's. " +
            (stored ? "This browser keeps the seat token it had." : "You see only what everybody sees."));
  }
}
// whether the server takes `token` as game `id`'s (a link's token is checked before it is kept)
async function tokenTaken(id, token) {
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}?since=0`, {headers: {"X-Hustings-Token": token}});
    return res.ok && (await res.json()).authorised === true;
  } catch (e) { return false; }
}

// what the server keeps (its catalogue says): "the newest 1000 records are kept; a game's progress, 30 days ..."
function keptWords(k) {
  const parts = [];
  if (k.records !== null && k.records !== undefined) parts.push(`the newest ${plural(k.records, "record")} are kept` +
    (k.record_days ? ` for ${plural(k.record_days, "day")}` : ""));
  else if (k.record_days) parts.push(`records are kept for ${plural(k.record_days, "day")}`);
  if (k.game_days) parts.push(`a game is kept ${plural(k.game_days, "day")} after its last move, to be resumed` +
    (k.games ? ` (the newest ${k.games} at most)` : ""));
  return parts.length ? `On this server ${parts.join("; ")}.` : "";
}

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
  $("#to-end").addEventListener("click", () => gotoMove(game.replay.length));
  $("#position").addEventListener("change", (e) => gotoMove(+e.target.value));
  $("#skip").addEventListener("click", () => { if (pacing) pacing.skip = true; });
  for (const [id, name] of [["to-start", "start"], ["step-back", "back"], ["step-one", "step"], ["to-end", "end"]]) {
    $(`#${id}`).prepend(icon(name));
  }
  setPlayButton(false);
  const pace = $("#pace");
  try { const p = localStorage.getItem("hustings-pace"); if (p !== null) pace.value = p; } catch (e) { /* none */ }
  pace.addEventListener("change", () => { try { localStorage.setItem("hustings-pace", pace.value); } catch (e) { /* none */ } });
  $("#view").addEventListener("change", async (e) => {
    viewChoice = e.target.value; log = []; feed = [];
    try { await show(await api("GET", `/api/games/${game.id}?since=0&view=${viewChoice}`), false); } catch (err) { message(err.message); }
  });
  try {
    catalogue = await api("GET", "/api/catalogue");
  } catch (e) { message(`cannot reach the server: ${e.message}`); return; }
  $("#version").textContent = `hustings ${catalogue.version}`;
  const kept = catalogue.kept || {};
  $("#kept").textContent = keptWords(kept);
  for (const g of catalogue.games) $("#game").append(el("option", {value: g.name, text: g.title || g.name}));
  await fillSetup();
  await resume();
  document.body.dataset.ready = "1";
}
init();
