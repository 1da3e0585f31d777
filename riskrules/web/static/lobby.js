// The lobby: what the server may play (its catalog), the seats, the language; then each
// person's link. The links carry the seats' tokens after '#': shown here once, kept nowhere else.
"use strict";

const $ = (id) => document.getElementById(id);
let catalog = null;
let words = null;  // the lobby's own words, in the language of the person's browser (web/words.py)

function say(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

function option(value, text) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text;
  return o;
}

function chosen() {
  const value = $("edition").value;  // "edition:ID" (an edition or a house rule of the gallery) or "file:NAME"
  const at = value.indexOf(":");
  return {kind: value.slice(0, at), id: value.slice(at + 1)};
}

function editionOf(id) { return catalog.editions.find((e) => e.id === id); }

let langPicked = false;  // has a person chosen the language?

// the language of an edition, or of the edition a house rule of the gallery extends (through other house rules)
function languageOf(kind, id) {
  for (let k = 0; k < 20 && kind === "edition"; k++) {
    const edition = editionOf(id);
    if (edition) return edition.language;
    const house = catalog.gallery.find((h) => h.id === id);
    if (!house) return null;
    id = house.extends;
  }
  return null;
}

function variants() {
  const {kind, id} = chosen();
  const edition = kind === "edition" ? editionOf(id) : null;  // (a house rule's variants are its parent's)
  const select = $("variant");
  const usual = edition && edition.variants.find((v) => v.default);
  select.replaceChildren(option("", usual ? say(words.own_variant, {title: usual.title}) : "—"));
  if (edition) for (const v of edition.variants) if (!v.default) select.appendChild(option(v.id, v.title));
  if (edition) { $("players").min = edition.players.min; $("players").max = edition.players.max; }
  const language = languageOf(kind, id);  // the language follows the rules until a person picks one
  if (!langPicked && language && catalog.languages.includes(language)) $("lang").value = language;
  titled(edition);
  seats();
}

// each language by its own name
const OWN_NAMES = {cs: "čeština", de: "Deutsch", en: "English", nl: "Nederlands", sv: "svenska"};

// a seed only where the server takes one: a game of one person (or any, on a server started with --chosen-seeds)
function seedShown() {
  const people = [...$("seats").querySelectorAll("select")].filter((s) => s.value === "human").length;
  const shown = people <= 1 || catalog.chosen_seeds;
  $("seed-label").hidden = !shown;
  if (!shown) $("seed").value = "";
}

// the variants' titles in the language chosen (the server's catalogs)
let titles = {};  // language → edition id → variant id → title
async function titled(edition) {
  const lang = $("lang").value;
  if (!edition || !lang) return;
  if (!titles[lang]) {
    const response = await fetch("/api/catalog?lang=" + encodeURIComponent(lang));
    const body = await response.json().catch(() => null);
    if (!body) return;
    titles[lang] = Object.fromEntries(body.editions.map((e) => [e.id, Object.fromEntries(e.variants.map((v) => [v.id, v.title]))]));
    // (an answer come late: the rules or the language chosen since are another call's to title)
    if ($("lang").value !== lang || editionOf(chosen().id) !== edition) return;
  }
  const names = titles[lang][edition.id] || {};
  const usual = edition.variants.find((v) => v.default);
  for (const o of $("variant").options) {
    if (o.value && names[o.value]) o.textContent = names[o.value];
    else if (!o.value && usual && names[usual.id]) o.textContent = say(words.own_variant, {title: names[usual.id]});
  }
  document.body.dataset.titled = lang + ":" + edition.id;
}

function seats() {
  const n = Math.max(2, Math.min(8, Number($("players").value) || 3));
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.name = "seat" + i;
    select.appendChild(option("human", words.person));
    for (const bot of catalog.bots) select.appendChild(option(bot, say(words.bot, {bot})));
    select.value = before[i] || (i === 0 ? "human" : "balanced");
    select.addEventListener("change", seedShown);
    label.append(say(words.seat, {n: i + 1}) + " ", select);
    box.appendChild(label);
  }
  seedShown();
}

async function create(event) {
  event.preventDefault();
  $("problem").textContent = "";
  const {kind, id} = chosen();
  const request = {players: Number($("players").value), seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    lang: $("lang").value || null};
  if (kind === "file") request.file = id; else request.edition = id;
  if ($("variant").value) request.variant = [$("variant").value];
  if ($("seed").value !== "") request.seed = Number($("seed").value);
  request.defend_most = $("defend-most").checked;
  if ($("away").value !== "") request.away = Number($("away").value);
  request.away_bot = $("away-bot").value;
  const response = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(request)});
  const body = await response.json().catch(() => null);
  if (response.status !== 201) { $("problem").textContent = (body && body.error) || String(response.status); return; }
  const links = $("links");
  links.replaceChildren();
  for (const seat of body.seats) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = seat.link; a.textContent = location.origin + seat.link; a.target = "_blank";
    const own = document.createElement("a");  // the same seat, with the host's key: to release a seat to the bot
    own.href = seat.link + "&host=" + body.host; own.textContent = words.as_host; own.target = "_blank";
    own.className = "as-host";
    li.append(seat.name + ": ", a, " ", own);
    links.appendChild(li);
  }
  $("hot-seat").href = body.hot_seat;
  $("made").hidden = false;
}

// the lobby in the first of the browser's languages the server has (English otherwise)
async function labelled() {
  const own = (navigator.languages || [navigator.language]).map((l) => String(l).slice(0, 2).toLowerCase())
    .find((l) => catalog.languages.includes(l)) || "en";
  words = catalog.words;
  if (own !== "en") {
    const response = await fetch("/api/catalog?lang=" + encodeURIComponent(own));
    const body = await response.json().catch(() => null);
    if (body && body.words) words = body.words;
  }
  document.documentElement.lang = own;
  document.title = words.title;
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = words[e.dataset.w];
  const seconds = $("away"), bot = $("away-bot");  // (the fields stay, the words around them change)
  $("away-label").replaceChildren(...words.away.split(/(\{seconds\}|\{bot\})/)
    .map((part) => (part === "{seconds}" ? seconds : part === "{bot}" ? bot : part)));
}

async function start() {
  const response = await fetch("/api/catalog");
  catalog = await response.json();
  await labelled();
  const select = $("edition");
  const editions = document.createElement("optgroup"); editions.label = words.editions;
  for (const e of catalog.editions) editions.appendChild(option("edition:" + e.id, e.id + " — " + e.title));
  select.append(editions);
  const parents = [...new Set(catalog.gallery.map((h) => h.extends))];  // the gallery's house rules, by what they extend
  for (const parent of parents) {
    const gallery = document.createElement("optgroup"); gallery.label = say(words.house_on, {edition: parent});
    for (const h of catalog.gallery.filter((g) => g.extends === parent)) gallery.appendChild(option("edition:" + h.id, h.id + " — " + h.title));
    select.appendChild(gallery);
  }
  if (catalog.files.length) {
    const files = document.createElement("optgroup"); files.label = words.house_files;
    for (const f of catalog.files) files.appendChild(option("file:" + f, f));
    select.appendChild(files);
  }
  for (const lang of catalog.languages) $("lang").appendChild(option(lang, OWN_NAMES[lang] || lang));
  $("away").value = String(catalog.away);  // (a person who leaves: the server's settings, for this game to change)
  for (const bot of catalog.bots) $("away-bot").appendChild(option(bot, bot));
  $("away-bot").value = catalog.away_bot;
  select.value = "edition:" + (catalog.editions.some((e) => e.id === "nl-1990") ? "nl-1990" : catalog.editions[0].id);
  select.addEventListener("change", variants);
  $("players").addEventListener("input", seats);
  $("lang").addEventListener("change", () => { langPicked = true; const {kind, id} = chosen(); if (kind === "edition") titled(editionOf(id)); });
  $("new-game").addEventListener("submit", create);
  // a new game of the same settings (the link at a game's end): ?rules=…&variant=…&players=…&seats=…&lang=…
  const again = new URLSearchParams(location.search);
  if (again.get("rules") && [...select.options].some((o) => o.value === again.get("rules"))) select.value = again.get("rules");
  variants();
  if (again.get("variant") && [...$("variant").options].some((o) => o.value === again.get("variant"))) $("variant").value = again.get("variant");
  if (/^[2-8]$/.test(again.get("players") || "")) { $("players").value = again.get("players"); seats(); }
  const kinds = (again.get("seats") || "").split(",");
  $("seats").querySelectorAll("select").forEach((s, i) => { if ([...s.options].some((o) => o.value === kinds[i])) s.value = kinds[i]; });
  if (catalog.languages.includes(again.get("lang"))) $("lang").value = again.get("lang");
}

start();
