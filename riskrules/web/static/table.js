// A game's page: the board drawn by the server, coloured from what this seat sees, and the
// question put to it answered with the mouse (or the keyboard). Every text comes from the
// server in the game's language; every answer is checked there, and a refusal is shown as the
// engine words it. The seat's token comes after '#' in the link and goes only in a header.
"use strict";

const gid = location.pathname.split("/").pop();
const fragment = new URLSearchParams(location.hash.slice(1));
const stored = localStorage.getItem("riskrules:" + gid);  // (this browser keeps its seats: a tab closed is no seat lost)
const tokens = (fragment.get("seat") || stored || "").split(",").filter(Boolean);
if (tokens.length) {
  localStorage.setItem("riskrules:" + gid, tokens.join(","));
  history.replaceState(null, "", location.pathname);  // (the token out of the address bar, history and bookmarks)
}
const hosting = fragment.get("host") || localStorage.getItem("riskrules:host:" + gid) || "";  // the host's key (web/away.py)
if (hosting) localStorage.setItem("riskrules:host:" + gid, hosting);
const $ = (id) => document.getElementById(id);

let info = null;          // what does not change: names, words, the board
let versions = {};        // seat → the version of what its page shows
let states = {};          // seat → what it sees now
let current = null;       // the seat shown
let confirmed = new Set(); // seats whose person has taken the screen (hot seat)
let question = null;      // the question shown: its number, to know when it changes
let local = {};           // what the person has chosen so far for it (placements, a source…)
let sending = false;
let keyboard = false;     // has the person used the keyboard? (then each question takes the focus)
let attacking = {turn: -1, mode: "taken", keep: 3};  // how the person attacks: kept for the whole turn
let perClick = "1";       // armies a click when placing ("1", "3", "5", "10" or "all"); shift-click: five
let shifted = false;      // was the last click on the board a shift-click?

function capital(text) { return text ? text[0].toLocaleUpperCase() + text.slice(1) : text; }

function say(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

async function api(path, options = {}) {
  const headers = Object.assign({"X-Risk-Seat": tokens.join(",")}, options.headers || {});
  const response = await fetch("/api/games/" + gid + path, Object.assign({}, options, {headers}));
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  return {status: response.status, body};
}

// ---- the board ---------------------------------------------------------------------------------

function cell(x) { return document.getElementById("c" + x); }

function paint(state) {
  for (let x = 0; x < info.territories.length; x++) {
    const owner = state.owner[x], armies = state.armies[x];
    const path = cell(x), ring = $("r" + x), count = $("a" + x);
    let colour = "#ffffff";
    if (owner === null) colour = "#c8c8c8";
    else if (owner >= 0) colour = info.colours[owner];
    else if (owner === -3) colour = "#777777";  // out of play (removed territories)
    path.setAttribute("fill", colour);
    if (ring) ring.setAttribute("stroke", owner === null || owner < 0 ? "#888" : info.colours[owner]);
    const units = state.units && state.units[x];  // special units (issue 45): a '*' after the armies
    if (count) count.textContent = (armies === null ? "?" : String(armies)) + (units ? "*" : "");
    path.classList.remove("choosable", "selected", "changed", "attacking", "attacked");
    const title = path.querySelector("title");
    if (title) title.textContent = info.territories[x] + " — " + (owner === null ? "?" :
      owner >= 0 ? info.players[owner] : "—") + ", " + (armies === null ? "?" : armies) +
      (units ? "; " + units.join(", ") : "");
  }
}

// each continent's outline in a colour and a dash of its own (Okabe and Ito's eight colours, told apart by
// the colour-blind; the dashes tell them apart in grey too), and its legend: bonus and holder
const OUTLINES = ["#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#000000", "#F0E442"];
const DASHES = ["", "12 4", "3 3", "12 3 3 3", "20 5", "6 2 2 2 2 2", "2 7", "14 3 3 3 3 3"];
function outline(k) { return {colour: OUTLINES[k % 8], dash: DASHES[(k + Math.floor(k / 8)) % 8]}; }

function continentOutlines() {  // a band just inside each territory's edge (its cell's shape, clipped to itself)
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  const ns = "http://www.w3.org/2000/svg";
  const defs = document.createElementNS(ns, "defs"), group = document.createElementNS(ns, "g");
  group.setAttribute("class", "outlines"); group.setAttribute("pointer-events", "none");
  info.continent_of.forEach((k, x) => {
    const path = cell(x), o = outline(k);
    if (!path) return;
    const clip = document.createElementNS(ns, "clipPath"), shape = document.createElementNS(ns, "path"), band = document.createElementNS(ns, "path");
    clip.setAttribute("id", "k" + x);
    shape.setAttribute("d", path.getAttribute("d"));
    clip.appendChild(shape); defs.appendChild(clip);
    band.setAttribute("d", path.getAttribute("d"));
    band.setAttribute("clip-path", "url(#k" + x + ")");
    band.setAttribute("fill", "none"); band.setAttribute("stroke", o.colour); band.setAttribute("stroke-width", "9");
    band.dataset.continent = String(k);
    if (o.dash) band.setAttribute("stroke-dasharray", o.dash);
    group.appendChild(band);
  });
  // the map's own legend below it framed the same way (its tints alone told North America and Asia apart badly)
  svg.querySelectorAll("g.legend rect:nth-of-type(odd)").forEach((swatch, k) => {
    const o = outline(k);
    swatch.setAttribute("stroke", o.colour); swatch.setAttribute("stroke-width", "6"); swatch.dataset.continent = String(k);
    if (o.dash) swatch.setAttribute("stroke-dasharray", o.dash);
  });
  const labels = svg.querySelector("text.name");
  svg.insertBefore(defs, svg.firstChild);
  if (labels) labels.parentNode.insertBefore(group, labels); else svg.appendChild(group);
}

function legend(state) {
  const w = info.words;
  const rows = [row([[w.continent], [w.bonus], [w.holder]], true)];
  info.continents.forEach((name, k) => {
    const holder = state.players.findIndex((p) => p.alive && p.continents.includes(k));
    // (under fog, a continent with a territory the seat does not see may be held for all it knows: "?", not "nobody")
    const unseen = info.continent_of.some((c, x) => c === k && state.owner[x] === null);
    const tr = row([[name], [info.bonuses[k] === null ? "" : "+" + info.bonuses[k]],
      [holder >= 0 ? capital(info.players[holder]) : unseen ? "?" : "—"]]);
    const o = outline(k);
    const ns = "http://www.w3.org/2000/svg";
    const swatch = document.createElementNS(ns, "svg"), line = document.createElementNS(ns, "line");
    swatch.setAttribute("width", "34"); swatch.setAttribute("height", "10"); swatch.setAttribute("class", "swatch");
    for (const [a, v] of [["x1", "0"], ["y1", "5"], ["x2", "34"], ["y2", "5"], ["stroke", o.colour], ["stroke-width", "4"]]) line.setAttribute(a, v);
    if (o.dash) line.setAttribute("stroke-dasharray", o.dash);
    swatch.appendChild(line);
    tr.firstChild.prepend(swatch, " ");
    tr.dataset.continent = String(k);
    if (holder >= 0) tr.lastChild.style.borderLeft = "6px solid " + info.colours[holder];
    rows.push(tr);
  });
  $("continents").replaceChildren(...rows);
}

// the map at full width, zoomed so that no text is under 11 pixels (then panned by scrolling); + and − zoom
let zoom = 1, zoomed = false;  // (zoomed: by the person; otherwise fitted to the screen)
function smallestText() {  // the smallest text of the board, in pixels, at zoom 1
  const svg = document.querySelector("#board svg");
  const scale = $("board").clientWidth / svg.viewBox.baseVal.width;
  return Math.min(...[...svg.querySelectorAll("text")].map((t) => parseFloat(getComputedStyle(t).fontSize))) * scale;
}
function fitZoom() {
  const svg = document.querySelector("#board svg");
  if (!svg || !svg.viewBox.baseVal.width) return;
  if (!zoomed) zoom = Math.max(1, 11 / smallestText());
  svg.style.width = (zoom * 100).toFixed(2) + "%";
  document.body.dataset.zoom = zoom.toFixed(2);
}
function zoomBy(factor) {
  const box = $("board"), centre = [(box.scrollLeft + box.clientWidth / 2) / box.scrollWidth, (box.scrollTop + box.clientHeight / 2) / box.scrollHeight];
  zoom = Math.min(6, Math.max(1, zoom * factor)); zoomed = true;
  fitZoom();
  box.scrollLeft = centre[0] * box.scrollWidth - box.clientWidth / 2;  // (the middle stays where it was)
  box.scrollTop = centre[1] * box.scrollHeight - box.clientHeight / 2;
}

// what happened since the seat's last turn (marked until the person acts), and the battle going on:
// an arrow from the attacker to the target, the dice as they fell (drawn as the replay page draws them)
function overlay(state) {
  const svg = document.querySelector("#board svg");
  document.querySelectorAll(".battle-arrow").forEach((e) => e.remove());
  document.querySelectorAll("#board circle.changed").forEach((e) => e.classList.remove("changed"));
  for (const x of state.marked || []) { cell(x).classList.add("changed"); if ($("r" + x)) $("r" + x).classList.add("changed"); }
  const d = state.decision;
  const battle = state.battle;
  const where = d && d.where ? d.where : battle ? [battle.from, battle.to] : null;
  if (where && svg) {
    const from = $("a" + where[0]), to = $("a" + where[1]);
    cell(where[0]).classList.add("attacking");
    cell(where[1]).classList.add("attacked");
    if (from && to) {
      const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
      const [x1, y1, x2, y2] = [from.getAttribute("x"), from.getAttribute("y"), to.getAttribute("x"), to.getAttribute("y")].map(parseFloat);
      const cut = Math.min(0.25, 18 / Math.max(1, Math.hypot(x2 - x1, y2 - y1)));  // (stops short of the badges)
      line.setAttribute("x1", String(x1 + (x2 - x1) * cut)); line.setAttribute("y1", String(y1 + (y2 - y1) * cut));
      line.setAttribute("x2", String(x2 - (x2 - x1) * cut)); line.setAttribute("y2", String(y2 - (y2 - y1) * cut));
      line.setAttribute("class", "battle-arrow");
      line.setAttribute("marker-end", "url(#battle-head)");
      svg.appendChild(line);
    }
  }
  const box = $("battle");
  box.replaceChildren();
  box.hidden = !(battle && battle.dice);
  if (battle && battle.dice) {
    const w = info.words;
    const die = (face, kind) => { const s = document.createElement("span"); s.className = "die " + kind; s.textContent = face; return s; };
    const a = document.createElement("div"), b = document.createElement("div");
    a.append(info.territories[battle.from] + " — " + w.attacker + ": "); battle.dice[0].forEach((f) => a.append(die(f, "a")));
    b.append(info.territories[battle.to] + " — " + w.defender + ": "); battle.dice[1].forEach((f) => b.append(die(f, "d")));
    const l = document.createElement("div");
    l.textContent = w.losses + ": " + battle.losses[0] + " / " + battle.losses[1];
    box.append(a, b, l);
  }
}

function sinceBox(state) {
  const lines = state.since || [];
  $("since").hidden = !lines.length;
  $("h-since").textContent = info.words.since;
  $("since-list").replaceChildren(...lines.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
}

function mark(xs, kind) {
  for (const x of xs) cell(x).classList.add(kind);
}

function planMarks(plan) {
  document.querySelectorAll(".plan-mark").forEach((e) => e.remove());
  const svg = document.querySelector("#board svg");
  for (const [x, n] of Object.entries(plan || {})) {
    const count = $("a" + x);
    if (!count || !n) continue;
    const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("x", String(parseFloat(count.getAttribute("x")) + 20));  // (beside the army badge)
    t.setAttribute("y", count.getAttribute("y"));
    t.setAttribute("class", "plan-mark");
    t.setAttribute("text-anchor", "middle");
    t.textContent = "+" + n;
    svg.appendChild(t);
  }
}

// ---- the side: players, cards, mission, what happened ----------------------------------------

function row(cells, head) {
  const tr = document.createElement("tr");
  for (const [text, colour] of cells) {
    const td = document.createElement(head ? "th" : "td");
    td.textContent = text;
    if (colour) { td.style.borderLeft = "6px solid " + colour; }
    tr.appendChild(td);
  }
  return tr;
}

function side(state) {
  const w = info.words;
  const table = $("players");
  table.replaceChildren(row([[w.player], [w.territories], [w.armies], [w.cards], [w.continents]], true));
  state.players.forEach((p, seat) => {
    const name = capital(info.players[seat]) + (seat === current ? " (" + w.you + ")" : "");
    const q = (v) => (v === null || v === undefined ? "?" : String(v));
    const tr = p.alive ? row([[name, info.colours[seat]], [q(p.territories)], [q(p.armies)],
      [q(p.cards) + (p.pieces === undefined ? "" : " + " + q(p.pieces))],
      [p.continents.map((k) => info.continents[k]).join(", ")]]) :
      row([[name, info.colours[seat]], [w.out], [""], [""], [""]]);
    if (seat === state.active) tr.classList.add("active");
    if (hosting && info.humans.includes(seat) && !info.seats.includes(seat) && !(state.gone || []).includes(seat)) {
      const b = button(w.release, () => release(seat), false);  // the host: this person's seat to the bot, until he is back
      b.classList.add("release"); b.dataset.seat = String(seat);
      tr.firstChild.append(" ", b);
    }
    table.appendChild(tr);
  });
  const away = $("away");  // who is away, played by the host's bot (every page says it)
  away.replaceChildren(...(state.away || []).map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  if ((state.gone || []).includes(current)) away.appendChild(button(w.take_back, takeBack, true));
  away.hidden = !away.children.length;
  $("h-cards").textContent = w.your_cards;
  const cards = (state.hand.length ? state.hand : [w.no_cards]).concat(state.kinds ? [state.kinds] : []);  // (and the cards that do something)
  $("hand").replaceChildren(...cards.map((c) => { const li = document.createElement("li"); li.textContent = c; return li; }));
  $("h-mission").textContent = w.mission;
  $("mission").textContent = state.mission;
  $("h-log").textContent = w.happened;
  const log = $("log");
  log.replaceChildren(...state.log.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  log.scrollTop = log.scrollHeight;
  $("turn").textContent = state.turn ? say(w.turn, {turn: state.turn, round: state.round,
    player: info.players[state.active]}) : w.setup;
  const over = $("over");
  over.hidden = !state.over && !state.error;
  if (state.over) ending(state.over); else over.textContent = state.error || "";
  $("question").hidden = Boolean(state.over || state.error);
  document.body.dataset.over = state.over ? "yes" : "no";
}

// the end: who won and how, every mission the seat may see, the replay, a new game, the lobby
function ending(end) {
  const w = info.words;
  const over = $("over");
  const head = document.createElement("p");
  head.id = "result";
  head.textContent = w.over + " " + end.text + (end.how ? " " + say(w.won_by, {mission: end.how}) : "");
  const parts = [head];
  if (end.missions && end.missions.length) {
    const h = document.createElement("h2"); h.textContent = w.missions;
    const list = document.createElement("ul"); list.id = "missions";
    for (const [player, mission] of end.missions) {
      const li = document.createElement("li"); li.textContent = capital(player) + ": " + mission; list.appendChild(li);
    }
    parts.push(h, list);
  }
  const links = document.createElement("p"); links.id = "after";
  for (const [id, href, text] of [["replay-link", end.replay, w.replay], ["again-link", end.again, w.again], ["lobby-link", "/", w.lobby]]) {
    if (!href) continue;
    const a = document.createElement("a"); a.id = id; a.href = href; a.textContent = text;
    if (id === "replay-link") a.target = "_blank";
    links.append(a, " ");
  }
  parts.push(links);
  over.replaceChildren(...parts);
}

// ---- the question ----------------------------------------------------------------------------

function button(text, action, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", action);
  if (primary) b.classList.add("primary");
  return b;
}

function whole(value, otherwise) {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n >= 0 && n < 1e9 ? n : otherwise;
}

function numberInput(least, most, value) {
  const input = document.createElement("input");
  input.type = "number"; input.min = least; input.max = most; input.value = value;
  input.id = "number";
  input.setAttribute("aria-label", info.words.armies_label);
  return input;
}

// a keyboard's way to click a territory: the territories that may be clicked now, in a list
function picker(xs, pick) {
  if (!xs.length) return null;
  const select = document.createElement("select");
  select.id = "pick";
  select.setAttribute("aria-label", info.words.territories);
  const none = document.createElement("option");
  none.value = ""; none.textContent = "…";
  select.appendChild(none);
  for (const x of [...xs].sort((a, b) => info.territories[a].localeCompare(info.territories[b]))) {
    const o = document.createElement("option");
    o.value = String(x); o.textContent = info.territories[x];
    select.appendChild(o);
  }
  // a territory is taken by Enter, or by a choice made with the mouse (the arrow keys only move in the list)
  let pointer = false;
  select.addEventListener("pointerdown", () => { pointer = true; });
  select.addEventListener("change", () => { if (pointer && select.value !== "") pick(Number(select.value)); pointer = false; });
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && select.value !== "") { event.preventDefault(); event.stopPropagation(); pick(Number(select.value)); }
  });
  return select;
}

function choosable(d, state) {
  const k = d.kind;
  if (k === "play") {  // a card chosen: the territories it may name (an airlift's: from, then to)
    const card = local.card === undefined ? null : d.cards[local.card];
    if (!card) return [];
    if (card.shape === "territory") return card.options.map((o) => o[0]);
    if (card.shape === "give" && local.target === undefined) return [...new Set(card.options.map((o) => o[0]))];
    if (card.shape === "move") {
      if (local.source === undefined) return [...new Set(card.options.map((o) => o[0]))];
      return card.options.filter((o) => o[0] === local.source).map((o) => o[1]);
    }
    return [];
  }
  if (["claim", "capital", "bonus", "place", "unit"].includes(k)) return d.options;
  if (k === "order") return orderChoosable(d);  // orders given together (issue 45): orders.js
  if (k === "attack" || k === "fortify") {
    if (local.source === undefined) return [...new Set(d.options.map((p) => p[0]))];
    return d.options.filter((p) => p[0] === local.source).map((p) => p[1]);
  }
  return [];
}

function question_(state) {
  const d = state.decision;
  const controls = $("controls");
  const w = info.words;
  document.body.dataset.question = d ? current + ":" + d.number : "";  // (each seat numbers its own questions)
  document.body.dataset.kind = d ? d.kind : "";
  ordersIn(state);  // orders given together (issue 45): whose are in (orders.js)
  if (!d || d.kind !== "order") orderArrows([]);
  if (!d) {
    question = null; local = {};
    const who = info.players[state.asked ?? state.active];
    $("prompt").textContent = state.over ? "" : who ? say(w.waiting, {player: who}) : w.waiting_others;
    $("faced").textContent = "";
    if (state.over || state.error) controls.replaceChildren();
    else if (!$("hurry")) {  // the bots' moves at once, until the next question (kept while the bots play)
      const fast = button(w.hurry, hurry, false);
      fast.id = "hurry";
      controls.replaceChildren(fast);
    }
    planMarks({});
    return;
  }
  if (question !== current + ":" + d.number) { question = current + ":" + d.number; local = {}; $("refusal").textContent = ""; }
  $("prompt").textContent = d.prompt;
  $("faced").textContent = d.faced || "";
  const parts = [];
  const k = d.kind;
  const xs = choosable(d, state);
  mark(xs, "choosable");
  if (local.source !== undefined) cell(local.source).classList.add("selected");
  if (local.target !== undefined) cell(local.target).classList.add("selected");
  if (k === "place") {
    const placed = Object.values(local.plan || {}).reduce((a, b) => a + b, 0);
    if (d.left > 1) {  // several armies a click, or spread over one's territories
      const per = document.createElement("select");
      per.id = "per-click";
      per.setAttribute("aria-label", w.per_click);
      for (const [value, text] of [["1", "1"], ["3", "3"], ["5", "5"], ["10", "10"], ["all", w.all]]) {
        const o = document.createElement("option"); o.value = value; o.textContent = text; o.selected = value === perClick;
        per.appendChild(o);
      }
      per.addEventListener("change", () => { perClick = per.value; });
      const label = document.createElement("label");
      label.append(w.per_click + " ", per);
      parts.push(label);
      parts.push(button(w.spread, () => spread(d, state, placed), false));
    }
    if (d.most > 1) {
      const place = button(w.place + (placed ? " (" + placed + "/" + d.most + ")" : ""), () => send({place: Object.entries(local.plan || {}).map(([x, n]) => [Number(x), n])}), true);
      place.disabled = placed === 0;  // (nothing to place yet: click a territory first)
      parts.push(place);
      parts.push(button(w.clear, () => { local.plan = {}; render(); }));
      if (local.last !== undefined) parts.push(button(w.all_left, () => { local.plan[local.last] += d.most - placed; send({place: Object.entries(local.plan).map(([x, n]) => [Number(x), n])}); }));
    }
    planMarks(local.plan);
  } else planMarks({});
  if (k === "trade") {
    d.options.forEach((text, i) => parts.push(button(w.trade + ": " + text, () => send({trade: i}), i === 0)));
    if (d.optional) parts.push(button(w.keep_cards, () => send({trade: null})));
  }
  if (k === "discard") {
    d.options.forEach((text, i) => parts.push(button(w.discard + ": " + text, () => send({discard: i}), i === 0)));
  }
  if (k === "attack") {
    if (attacking.turn !== state.turn) attacking = {turn: state.turn, mode: "taken", keep: 3};
    const mode = attacking.mode;
    const box = document.createElement("fieldset");
    const legend = document.createElement("legend"); legend.textContent = w.until; box.appendChild(legend);
    for (const [value, text] of [["taken", w.taken], ["once", w.once], ["keep", w.keep]]) {
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio"; radio.name = "until"; radio.value = value; radio.checked = mode === value;
      radio.addEventListener("change", () => { attacking.mode = value; });
      label.append(radio, " " + text);
      box.appendChild(label);
    }
    const keep = numberInput(1, 999, attacking.keep);
    keep.id = "keep";
    keep.addEventListener("input", () => {
      attacking.keep = Number(keep.value); attacking.mode = "keep";
      box.querySelector("input[value=keep]").checked = true;
    });
    box.appendChild(keep);
    parts.push(box);
    if (local.source !== undefined) parts.push(document.createTextNode(say(w.chosen_from, {territory: info.territories[local.source]})));
    parts.push(button(w.stop, () => send({attack: null}), true));
    parts.push(button(w.end_turn, () => send({attack: null, end: true}), false));  // (and no armies moved)
  }
  if (k === "fortify") {
    if (local.target !== undefined) {
      const most = state.armies[local.source] - (d.stay ?? 1);  // (stay 0 under guard 0: it may be emptied)
      const input = numberInput(1, most, most);
      parts.push(document.createTextNode(info.territories[local.source] + " → " + info.territories[local.target] + " "));
      parts.push(input);
      parts.push(button(w.move, () => send({fortify: [local.source, local.target, whole(input.value, most)]}), true));
    } else if (local.source !== undefined) {
      parts.push(document.createTextNode(say(w.chosen_from, {territory: info.territories[local.source]})));
    }
    parts.push(button(w.end_turn, () => send({fortify: null}), local.target === undefined));
  }
  if (k === "dice") d.options.forEach((o, i) => parts.push(button(d.labels[i], () => send({dice: o}), i === d.options.length - 1)));
  if (k === "defend") d.options.forEach((n, i) => parts.push(button(d.labels[i], () => send({defend: n}), i === d.options.length - 1)));
  if (k === "reroll") {  // Hasbro's experts: one die rolled again with a card of the territory
    d.options.forEach((n, i) => parts.push(button(d.labels[i], () => send({reroll: n}), false)));
    parts.push(button(d.keep, () => send({reroll: null}), true));
  }
  if (k === "occupy") {
    const [least, most] = d.options;
    const input = numberInput(least, most, most);
    const taken = d.where[1], count = $("a" + taken);  // (drawn as it will be: the conqueror's, with the armies moving in)
    cell(taken).setAttribute("fill", info.colours[d.side]);
    if ($("r" + taken)) $("r" + taken).setAttribute("stroke", info.colours[d.side]);
    if (count) count.textContent = String(most);
    input.addEventListener("input", () => { if (count) count.textContent = String(whole(input.value, most)); });
    parts.push(input);
    parts.push(button(w.move, () => send({occupy: whole(input.value, most)}), true));
  }
  if (k === "play") playControls(d, state, parts);
  if (k === "order") orderControls(d, state, parts);
  const pick = picker(xs, (x) => clicked(x));
  if (pick) parts.push(pick);
  const focused = document.activeElement && document.activeElement.id;
  controls.replaceChildren(...parts);
  controls.querySelectorAll("button").forEach((b, i) => {  // the key of each button: 1–9 (Enter: the highlighted one)
    if (i < 9) { const key = document.createElement("kbd"); key.textContent = String(i + 1); b.prepend(key, " "); }
  });
  if (focused && ["pick", "keep", "number"].includes(focused) && $(focused)) $(focused).focus();  // (kept where it was)
  else if (keyboard && (!document.activeElement || document.activeElement === document.body)) {
    const first = $("pick") || $("number") || controls.querySelector("button.primary");  // (a keyboard's next step)
    if (first) first.focus();
  }
}

// a card that does something (issue 44): a button per card, then its target — a territory on the
// board, or a player or a continent from a list
function playControls(d, state, parts) {
  const w = info.words;
  if (local.card === undefined) {
    d.cards.forEach((card, i) => {
      const b = button(card.name, () => chooseCard(d, i), false);
      b.dataset.card = card.name;
      const line = document.createElement("p");
      line.className = "card-play";
      line.append(b, " " + card.text.slice(card.name.length + 1));
      parts.push(line);
    });
    parts.push(button(w.play_none, () => send({play: null}), true));
    return;
  }
  const card = d.cards[local.card];
  const choice = (text, data, answer) => { const b = button(text, () => send({play: [card.kind, ...answer]}), false); Object.assign(b.dataset, data); return b; };
  const note = (text) => { const p = document.createElement("p"); p.id = "card-note"; p.textContent = text; return p; };
  if (card.shape === "territory" || (card.shape === "give" && local.target === undefined)) {
    parts.push(note(say(w.card_chosen, {card: card.name})));
  } else if (card.shape === "give") {
    parts.push(note(say(w.give_to, {card: card.name, territory: info.territories[local.target]})));
    card.options.filter((o) => o[0] === local.target).forEach((o) => parts.push(choice(info.players[o[1]], {player: o[1]}, [local.target, o[1]])));
  } else if (card.shape === "player") {
    parts.push(note(say(w.pick_player, {card: card.name})));
    card.options.forEach((o) => parts.push(choice(info.players[o[0]], {player: o[0]}, o)));
  } else if (card.shape === "continent") {
    parts.push(note(say(w.pick_continent, {card: card.name})));
    card.options.forEach((o) => parts.push(choice(info.continents[o[0]], {continent: o[0]}, o)));
  } else if (card.shape === "players") {
    if (local.first === undefined) {
      parts.push(note(say(w.pick_player, {card: card.name})));
      for (const s of new Set(card.options.flat())) {
        const b = button(info.players[s], () => { local.first = s; render(); }, false);
        b.dataset.player = s;
        parts.push(b);
      }
    } else {
      parts.push(note(say(w.pick_second, {card: card.name, player: info.players[local.first]})));
      card.options.filter((o) => o.includes(local.first)).forEach((o) => {
        const other = o[0] === local.first ? o[1] : o[0];
        parts.push(choice(info.players[other], {player: other}, o));
      });
    }
  } else if (card.shape === "move") {
    if (local.target !== undefined) {
      const most = state.armies[local.source] - (d.stay ?? 1);
      const input = numberInput(1, most, most);
      parts.push(document.createTextNode(info.territories[local.source] + " → " + info.territories[local.target] + " "));
      parts.push(input);
      parts.push(button(w.move, () => send({play: [card.kind, local.source, local.target, whole(input.value, most)]}), true));
    } else if (local.source !== undefined) {
      parts.push(note(say(w.chosen_from, {territory: info.territories[local.source]})));
    } else parts.push(note(say(w.card_chosen, {card: card.name})));
  }
  parts.push(button(w.other_card, () => { local = {}; render(); }, false));
}

function chooseCard(d, i) {
  const card = d.cards[i];
  if (card.shape === "none") { send({play: [card.kind]}); return; }
  local = {card: i};
  render();
}

function clicked(x) {
  $("refusal").textContent = "";
  const state = states[current];
  const d = state && state.decision;
  if (!d || sending) return;
  const k = d.kind;
  if (["claim", "capital", "bonus", "unit"].includes(k)) {
    if (d.options.includes(x)) send({territory: x});
    return;
  }
  if (k === "place") {
    if (!d.options.includes(x)) return;
    const per = shifted ? 5 : perClick === "all" ? Infinity : Number(perClick);
    if (d.most === 1) { send({place: Array(Math.max(1, Math.min(per, d.left))).fill([x, 1])}); return; }  // (the setup: an army a question)
    local.plan = local.plan || {};
    const placed = Object.values(local.plan).reduce((a, b) => a + b, 0);
    if (placed >= d.most) return;
    local.plan[x] = (local.plan[x] || 0) + Math.min(per, d.most - placed);
    local.last = x;
    render();
    return;
  }
  if (k === "play") {
    const card = local.card === undefined ? null : d.cards[local.card];
    if (!card) return;
    if (card.shape === "territory" && card.options.some((o) => o[0] === x)) send({play: [card.kind, x]});
    else if (card.shape === "give" && local.target === undefined && card.options.some((o) => o[0] === x)) { local.target = x; render(); }
    else if (card.shape === "move") {
      if (local.source !== undefined && card.options.some((o) => o[0] === local.source && o[1] === x)) { local.target = x; render(); }
      else if (card.options.some((o) => o[0] === x)) { local.source = x; local.target = undefined; render(); }
    }
    return;
  }
  if (k === "order") { orderClicked(d, x); return; }
  if (k === "attack" || k === "fortify") {
    const sources = new Set(d.options.map((p) => p[0]));
    if (local.source !== undefined && d.options.some((p) => p[0] === local.source && p[1] === x)) {
      if (k === "attack") {
        const mode = attacking.mode;
        send({attack: [local.source, x], until: mode === "keep" ? whole(attacking.keep, 3) : mode});
      } else { local.target = x; render(); }
      return;
    }
    if (sources.has(x)) { local = Object.assign(local, {source: x, target: undefined}); render(); }
  }
}

// the armies left spread over one's territories, the weakest first
function spread(d, state, placed) {
  const plan = Object.assign({}, local.plan || {});
  const room = d.most === 1 ? d.left : d.most - placed;
  const load = (x) => (state.armies[x] || 0) + (plan[x] || 0);
  const order = [];
  for (let i = 0; i < room; i++) {
    const x = [...d.options].sort((a, b) => load(a) - load(b) || a - b)[0];
    plan[x] = (plan[x] || 0) + 1;
    order.push([x, 1]);
  }
  if (d.most === 1) send({place: order});
  else send({place: Object.entries(plan).map(([x, n]) => [Number(x), n])});
}

async function hurry() {
  try {
    await api("/hurry", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"});
  } catch (e) { /* (the next poll shows how things are) */ }
}

async function release(seat) {
  try {
    await fetch("/api/games/" + gid + "/release", {method: "POST", body: JSON.stringify({seat}),
      headers: {"Content-Type": "application/json", "X-Risk-Host": hosting}});
  } catch (e) { /* (the next poll shows how things are) */ }
}

async function takeBack() {
  try {
    await api("/back", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"});
  } catch (e) { /* (as above) */ }
}

async function send(answer) {
  if (sending) return;
  const d = states[current] && states[current].decision;
  if (!d) return;
  sending = true;
  $("refusal").textContent = "";
  try {
    const {status, body} = await api("/answer", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({seat: current, question: d.number, answer})});
    if (status === 422 || (status >= 400 && status !== 409)) {
      $("refusal").textContent = (body && body.error) || String(status);
      if (d.kind === "place") local.plan = {};
    } else {
      local = {};
    }
  } catch (e) {
    $("refusal").textContent = info.words.offline;  // (not sent: the question stands; try again)
  } finally {
    sending = false;
  }
}

// ---- which seat is shown: the hot seat's hand-over ------------------------------------------

function render() {
  const asked = info.seats.filter((s) => states[s] && states[s].decision);
  const next = asked.length && !asked.includes(current) ? asked[0] : current;
  // between two people the screen is handed over, unless neither has anything of his own to hide yet
  // (the setup of a game without missions dealt: every army is placed in the open)
  const open = (s) => states[s] && !states[s].private;
  if (!confirmed.has(next) && !(current !== null && confirmed.has(current) && open(current) && open(next))) {
    handover(next); return;
  }
  if (!confirmed.has(next)) confirmed = new Set([next]);
  if (next !== current) local = {};
  current = next;
  $("handover").hidden = true;
  $("table").hidden = false;
  const state = states[current];
  if (!state) return;
  document.body.dataset.seat = String(current);
  paint(state);
  overlay(state);
  side(state);
  legend(state);
  sinceBox(state);
  question_(state);
}

function handover(seat) {
  // between two people at one screen: nothing of either is shown until the next one says it is him
  $("table").hidden = true;
  $("handover").hidden = false;
  $("handover-text").textContent = say(info.words.hand_over, {player: info.players[seat]});
  const go = $("handover-go");
  go.textContent = say(info.words.i_am, {player: info.players[seat]});
  go.onclick = () => { confirmed = new Set([seat]); current = seat; render(); };
  document.body.dataset.seat = "";
  document.body.dataset.question = "";
}

function keys(event) {
  keyboard = true;
  if (!$("handover").hidden) {  // between two people: Enter says who sits down, nothing else is taken
    if (event.key === "Enter") { event.preventDefault(); $("handover-go").click(); }
    return;
  }
  if (event.target && event.target.tagName === "INPUT" && event.key !== "Enter") return;
  if (event.key === "Escape") { local = {}; render(); return; }
  if (event.key === "Enter") {
    const primary = document.querySelector("#controls button.primary");
    if (primary) { event.preventDefault(); primary.click(); }
    return;
  }
  const n = Number(event.key);
  if (n >= 1 && n <= 9) {
    const buttons = document.querySelectorAll("#controls button");
    if (buttons[n - 1]) buttons[n - 1].click();
  }
}

async function poll() {
  for (;;) {
    try {
      const {status, body} = await api("/state?since=" + info.seats.map((s) => versions[s] || 0).join(","));
      if (status === 200) {
        $("offline").hidden = true;
        Object.assign(versions, body.versions);
        for (const [seat, state] of Object.entries(body.seats)) if (state) states[Number(seat)] = state;
        render();
        if (Object.values(body.seats).every((s) => s && (s.over || s.error))) return;  // (nothing more will come)
      } else if (status === 429) {
        await new Promise((r) => setTimeout(r, 1000));
      } else {
        $("prompt").textContent = (body && body.error) || String(status);
        if (status === 403 || status === 404 || status === 410) return;
        await new Promise((r) => setTimeout(r, 2000));
      }
    } catch (e) {
      const off = $("offline");
      off.hidden = false;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

async function start() {
  const off = document.createElement("p");
  off.id = "offline"; off.hidden = true; off.setAttribute("role", "status");
  document.body.prepend(off);
  if (!tokens.length) { $("prompt").textContent = "This page needs a seat's link (…#seat=…)."; return; }
  let answer = null;
  for (let tries = 0; tries < 30; tries++) {  // (a busy or restarting server: try again for a minute)
    try { answer = await api("/table"); } catch (e) { answer = {status: 0, body: null}; }
    if (answer.status !== 429 && answer.status !== 0 && answer.status !== 503) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  const {status, body} = answer;
  if (status !== 200) { $("prompt").textContent = (body && body.error) || "—"; return; }
  info = body;
  off.textContent = info.words.offline;
  document.documentElement.lang = info.lang;
  document.title = info.title;
  $("title").textContent = info.title;
  $("board").innerHTML = info.board;  // (the server's own drawing: every name in it is escaped)
  continentOutlines();
  fitZoom();
  window.addEventListener("resize", fitZoom);
  const bar = $("zoom");
  bar.replaceChildren(...[["zoom-in", "+", info.words.zoom_in, 1.25], ["zoom-out", "−", info.words.zoom_out, 0.8]].map(([id, text, label, f]) => {
    const b = document.createElement("button"); b.type = "button"; b.id = id; b.textContent = text;
    b.setAttribute("aria-label", label); b.title = label; b.addEventListener("click", () => zoomBy(f)); return b;
  }));
  const svg = document.querySelector("#board svg");
  if (svg) {  // the battle arrow's head
    const ns = "http://www.w3.org/2000/svg";
    const defs = document.createElementNS(ns, "defs"), head = document.createElementNS(ns, "marker"), tip = document.createElementNS(ns, "path");
    head.setAttribute("id", "battle-head"); head.setAttribute("viewBox", "0 0 10 10"); head.setAttribute("refX", "8"); head.setAttribute("refY", "5");
    head.setAttribute("markerWidth", "4"); head.setAttribute("markerHeight", "4"); head.setAttribute("orient", "auto");
    tip.setAttribute("d", "M0,0L10,5L0,10Z"); tip.setAttribute("fill", "#d00000");
    head.appendChild(tip); defs.appendChild(head); svg.appendChild(defs);
  }
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("path[id^='c']");
    shifted = event.shiftKey;
    if (target) clicked(Number(target.id.slice(1)));
    shifted = false;
  });
  document.addEventListener("keydown", keys);
  current = info.seats[0];
  if (info.seats.length === 1) confirmed = new Set(info.seats);
  poll();
}

start();
