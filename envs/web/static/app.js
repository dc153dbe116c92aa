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
  await reference(v.game);
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
  try { history.replaceState(null, "", `#game=${encodeURIComponent(v.id)}`); } catch (e) { /* file: */ }
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
    renderMoves(game, true);
    const each = Math.max(60, Math.min(wait, 3000 / fresh.length));
    for (const e of fresh) {
      if (pacing.skip) break;
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
  const board = $("#board");
  $("#table-col").dataset.game = v.game;
  $("#table-col").dataset.layout = v.layout || "";
  const keepScroll = window.scrollY;
  board.innerHTML = "";
  const draw = t.table && layoutOf(v).board;
  if (draw) board.append(draw(t.table, v));
  else if (v.public) board.append(el("p", {class: "muted", text: "A seat's table is shown only in the browser that started the game."}));
  else board.append(el("pre", {class: "table", id: "table-main"}, v.text));
  $("#table-text").textContent = v.text;
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

function demChoices(choices) {
  const row = el("div", {class: "hand-row"});
  for (const c of choices) row.append(moveButton(c, demCard(c.card)));
  return row;
}

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

// --- cards ---------------------------------------------------------------------------------------------------------
const SUIT_SYMBOL = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660"};
const SUIT_OF = {Clubs: "C", Diamonds: "D", Hearts: "H", Spades: "S"};
function demCard(name, small = false) {
  if (!name) return el("span", {class: "pc back" + (small ? " sm" : ""), "aria-label": "a card face down"});
  if (name === "JOKER") return el("span", {class: "pc joker" + (small ? " sm" : ""), "aria-label": "joker"},
                                  el("b", {text: "★"}), el("i", {text: "joker"}));
  const rank = name.slice(0, -1), suit = name.slice(-1);
  return el("span", {class: `pc suit-${suit}` + (small ? " sm" : ""), "aria-label": name},
            el("b", {text: rank}), el("i", {text: SUIT_SYMBOL[suit]}));
}
const PT_SUITS = {Env: "Environ.", Hea: "Health", Saf: "Safety", Wel: "Welfare", Eco: "Economy", Mig: "Migration"};
function ptCard(name, down = false, small = false) {
  if (!name) return el("span", {class: "pt back" + (small ? " sm" : ""), "aria-label": "a card face down"},
                       el("i", {text: "face down"}));
  const pre = name.slice(0, 3), val = name.slice(3);
  return el("span", {class: `pt s-${pre}` + (down ? " down" : "") + (small ? " sm" : ""), "aria-label": name},
            el("b", {text: pre === "Mig" ? "⇄" : pre === "Eco" ? "€" : val}), el("i", {text: PT_SUITS[pre] || pre}));
}
function pxCard(card) {
  const cls = ["debate", "twist", "charming", "intimidation"].includes(card.id) ? `m-${card.id}` :
    card.id === "coffee" ? "wild" : card.id === "burnout" ? "burn" : card.id === "gone_with_the_wind" ? "gwtw" : "special";
  return tipped(el("span", {class: `px ${cls}`}, card.name, card.count > 1 ? el("b", {text: ` ×${card.count}`}) : null),
                cardText(card.name));
}
function handView(v, hand) {
  const row = el("div", {class: "hand-row"}), card = layoutOf(v).card;
  if (card) hand.forEach((c) => row.append(card(c)));
  return row;
}
const seatName = (v, p) => p === v.viewer ? `P${p} ${v.kind === "play" ? "(you)" : `(${v.players[p]})`}` : `P${p} (${v.players[p]})`;

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
  const tot = b.mps.A + b.mps.M + b.mps.P || 1;
  const MPS = {A: "Agreement", M: "Moderate", P: "Partisan"};
  const mps = el("div", {class: "box"}, el("h4", {text: "Government MPs"}),
    el("div", {class: "mps"}, ...["A", "M", "P"].map((k) =>
      el("div", {class: k, style: `width:${100 * b.mps[k] / tot}%`, title: `${MPS[k]} MPs: ${b.mps[k]}`, text: `${k} ${b.mps[k]}`}))),
    el("div", {class: "muted small", text: "A Agreement · M Moderate · P Partisan"}));
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

// The page draws a game by the kind of table its view names (v.layout: the game's web.py on the server says which):
// the board, the question's choices (default: grouped buttons), a card in hand, whether the hand is shown above the
// choices, and whether a move's first event words the move (the story then says it once). The question goes above
// the table for some kinds (app.css: #table-col[data-layout=...]).
const LAYOUTS = {
  "suit-tricks": {board: suitTricksBoard, choices: demChoices, card: (c) => demCard(c)},
  "libra-tricks": {board: libraTricksBoard, choices: ptChoices, card: (c) => tipped(ptCard(c), cardText(c))},
  "persuasion": {board: persuasionBoard, choices: pxChoices, card: (c) => pxCard(c), handAbove: true, echoes: true},
  "parliament": {board: parliamentBoard, echoes: true},
};
const layoutOf = (v) => (v && LAYOUTS[v.layout]) || {};

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
  const given = /[?&#]token=([^&]+)/.exec(location.search + location.hash);  // a seat opened elsewhere
  if (given) remember(id, decodeURIComponent(given[1]));
  try {
    const t = localStorage.getItem(`hustings-token-${id}`);
    if (t) tokens[id] = t;
  } catch (e) { /* private mode */ }
  try { await openGame(await api("GET", `/api/games/${encodeURIComponent(id)}?since=0`)); }
  catch (e) { message(`could not resume the game: ${e.message}`); }
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
  for (const g of catalogue.games) $("#game").append(el("option", {value: g.name, text: g.title || g.name}));
  await fillSetup();
  await resume();
  document.body.dataset.ready = "1";
}
init();
