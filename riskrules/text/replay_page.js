// The replay page's script (text/replay_page.py writes the page around it). No network, no library.
// The steps arrive gzip-compressed in base64; each is [line, changes, hands?, extra?] where changes is a
// flat list (territory, owner seat or -1 (-2 hidden, -3 out of play), armies) and hands a flat list (seat, cards held).
"use strict";
(async function () {
  const $ = (id) => document.getElementById(id);
  const players = JSON.parse($("seats").textContent);
  const words = JSON.parse($("words").textContent);
  const bytes = Uint8Array.from(atob($("data").textContent.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const data = JSON.parse(await new Response(stream).text());
  const steps = data.steps, last = steps.length - 1, seats = players.length;
  const cells = [], counts = [], rings = [];
  for (let i = 0; document.getElementById("c" + i); i++) {
    cells.push($("c" + i)); counts.push($("a" + i)); rings.push($("r" + i));
  }
  const n = cells.length;
  // Keyframes every K steps: the state after that step, so a jump costs at most K steps' changes.
  const K = 200;
  const keys = [];
  {
    const owner = new Int16Array(n).fill(-1), armies = new Float64Array(n), hands = new Float64Array(seats);
    for (let k = 0; k <= last; k++) {
      apply(k, owner, armies, hands);
      if (k % K === 0) keys.push([owner.slice(), armies.slice(), hands.slice()]);
    }
  }
  function apply(k, owner, armies, hands) {
    const c = steps[k][1];
    for (let j = 0; j < c.length; j += 3) { owner[c[j]] = c[j + 1]; armies[c[j]] = c[j + 2]; }
    const h = steps[k][2];
    if (h) for (let j = 0; j < h.length; j += 2) hands[h[j]] = h[j + 1];
  }
  // What is drawn now, so that a step changes only what differs.
  const shownOwner = new Int16Array(n).fill(-2), shownArmies = new Float64Array(n).fill(-1);  // (counts up to 10¹²)
  let owner = new Int16Array(n).fill(-1), armies = new Float64Array(n), hands = new Float64Array(seats);
  let at = -1;
  function seek(k) {
    k = Math.max(0, Math.min(last, k));
    if (k > at && k - at <= K) {
      for (let j = at + 1; j <= k; j++) apply(j, owner, armies, hands);
    } else {
      const base = Math.floor(k / K);
      owner = keys[base][0].slice(); armies = keys[base][1].slice(); hands = keys[base][2].slice();
      for (let j = base * K + 1; j <= k; j++) apply(j, owner, armies, hands);
    }
    at = k;
    draw();
  }
  function draw() {
    for (let i = 0; i < n; i++) {
      if (owner[i] !== shownOwner[i]) {
        const p = owner[i] >= 0 ? players[owner[i]] : null;  // -1 free, -2 hidden by fog
        const none = owner[i] === -3 ? "#777" : owner[i] === -2 ? "#c8c8c8" : "#fff";  // -3 out of play
        cells[i].setAttribute("fill", p ? p.colour : none);
        rings[i].setAttribute("stroke", p ? p.colour : none);
        cells[i].dataset.owner = owner[i];
        shownOwner[i] = owner[i];
      }
      if (armies[i] !== shownArmies[i]) {
        counts[i].textContent = armies[i] < 0 ? "?" : armies[i];
        shownArmies[i] = armies[i];
      }
    }
    const step = steps[at];
    $("slider").value = at;
    const turn = turnOf(at);
    $("where").textContent = (turn ? words.turn + " " + turn + " · " : words.setup + " · ") +
      words.event + " " + (at + 1) + " / " + (last + 1);
    $("line").textContent = step[0] || "";
    drawDetail(step[3]);
    drawPlayers();
    drawLog();
    $("result").textContent = at === last && data.winner ? data.winner : "";
    drawMissions();
    drawCursor(turn);
  }
  function turnOf(k) {  // how many turns have started by step k
    let lo = 0, hi = data.turns.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (data.turns[mid] <= k) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function die(face, side) {
    const s = document.createElement("span");
    s.className = "die " + side; s.textContent = face; return s;
  }
  function drawDetail(extra) {
    const box = $("detail");
    box.replaceChildren();
    if (!extra) return;
    if (extra.dice) {
      const a = document.createElement("div"), d = document.createElement("div");
      a.append(words.attacker + ": "); extra.dice[0].forEach((f) => a.append(die(f, "a")));
      d.append(words.defender + ": "); extra.dice[1].forEach((f) => d.append(die(f, "d")));
      box.append(a, d);
    }
    if (extra.losses) {
      const l = document.createElement("div");
      l.textContent = words.losses + ": " + extra.losses[0] + " / " + extra.losses[1] +
        (extra.rolls ? " (" + extra.rolls + " " + words.rolls + ")" : "");
      box.append(l);
    }
    if (extra.cards) {
      const c = document.createElement("div");
      c.textContent = words.traded + ": " + extra.cards.map((x) => x[0] ? x[0] + " (" + x[1] + ")" : x[1]).join(", ") +
        " → " + extra.armies;
      box.append(c);
    }
  }
  function drawPlayers() {
    const held = new Array(seats).fill(0), strength = new Array(seats).fill(0);
    for (let i = 0; i < n; i++) if (owner[i] >= 0) { held[owner[i]]++; strength[owner[i]] += Math.max(armies[i], 0); }
    const body = $("players").tBodies[0];
    body.replaceChildren();
    players.forEach((p, s) => {
      const tr = document.createElement("tr");
      if (at > (data.turns[0] || 0) && held[s] === 0) tr.className = "out";
      const name = document.createElement("td"), sw = document.createElement("span");
      sw.className = "swatch"; sw.style.background = p.colour;
      name.append(sw, p.name);
      tr.append(name);
      [held[s], strength[s], hands[s]].forEach((v) => { const td = document.createElement("td"); td.textContent = v < 0 ? "?" : v; tr.append(td); });
      body.append(tr);
    });
  }
  function drawLog() {
    const list = $("log");
    list.replaceChildren();
    let shown = 0;
    for (let k = at; k >= 0 && shown < 12; k--) {
      if (!steps[k][0]) continue;
      const li = document.createElement("li");
      li.value = k + 1; li.textContent = steps[k][0];
      list.append(li); shown++;
    }
  }
  function drawMissions() {
    const box = $("missions");
    box.replaceChildren();
    const all = at === last && data.winner ? data.missions : null;  // every mission: once the game is over
    if (all && Object.keys(all).length) {
      const h = document.createElement("strong"); h.textContent = words.missions; box.append(h);
      const ul = document.createElement("ul");
      for (const [name, text] of Object.entries(all)) {
        const li = document.createElement("li");
        const p = players.find((q) => q.raw === name);
        li.textContent = (p ? p.name : name) + ": " + text; ul.append(li);
      }
      box.append(ul);
    } else if (data.own) {
      box.textContent = words.mission + ": " + data.own;
    }
  }
  // The charts (text/charts.py's, made with the page): one shown at a time, a cursor at the turn shown.
  const NS = "http://www.w3.org/2000/svg";
  let cursor = null, plot = null;
  function drawChart() {
    const box = $("chart");
    box.innerHTML = data.charts[+$("measure").value];  // (made by the page's writer, its text escaped)
    const svg = box.firstElementChild;
    plot = svg.dataset.plot.split(" ").map(Number);  // left right top bottom n
    cursor = document.createElementNS(NS, "line");
    cursor.setAttribute("y1", plot[2]); cursor.setAttribute("y2", plot[3]);
    cursor.setAttribute("stroke", "#000"); cursor.setAttribute("stroke-dasharray", "3 3");
    svg.append(cursor);
    drawCursor(turnOf(at));
  }
  function drawCursor(turn) {
    if (!cursor) return;
    const [left, right, , , n] = plot;
    const k = Math.min(Math.max(0, turn - 1), n - 1);
    const cx = left + (n > 1 ? k / (n - 1) : 0) * (right - left);
    cursor.setAttribute("x1", cx); cursor.setAttribute("x2", cx);
  }
  // Controls and keys.
  let timer = null;
  function play(on) {
    if (timer) { clearInterval(timer); timer = null; }
    $("play").textContent = on ? "❚❚" : "▶";
    if (on) timer = setInterval(() => { if (at >= last) play(false); else seek(at + 1); }, +$("speed").value);
  }
  const turnStart = (k, dir) => {
    const t = data.turns;
    if (dir > 0) { for (const s of t) if (s > k) return s; return last; }
    for (let j = t.length - 1; j >= 0; j--) if (t[j] < k) return t[j];
    return 0;
  };
  $("first").onclick = () => { play(false); seek(0); };
  $("last").onclick = () => { play(false); seek(last); };
  $("prev").onclick = () => { play(false); seek(at - 1); };
  $("next").onclick = () => { play(false); seek(at + 1); };
  $("prevturn").onclick = () => { play(false); seek(turnStart(at, -1)); };
  $("nextturn").onclick = () => { play(false); seek(turnStart(at, 1)); };
  $("play").onclick = () => play(!timer);
  $("speed").onchange = () => { if (timer) play(true); };
  $("slider").oninput = (e) => { play(false); seek(+e.target.value); };
  $("measure").onchange = drawChart;
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;  // (Alt+← is the browser's Back)
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
    const keys = { ArrowRight: () => seek(at + 1), ArrowLeft: () => seek(at - 1), Home: () => seek(0), End: () => seek(last),
      PageDown: () => seek(turnStart(at, 1)), PageUp: () => seek(turnStart(at, -1)), " ": () => play(!timer) };
    if (keys[e.key]) { e.preventDefault(); if (e.key !== " ") play(false); keys[e.key](); }
  });
  // zoom (+ and −, 1 to 6 times the page's width, the middle kept where it was) and pan by scrolling,
  // as the table page does (web/static/table.js)
  let zoom = 1;
  const zoomBy = (factor) => {
    const box = $("board"), svg = box.querySelector("svg");
    const centre = [(box.scrollLeft + box.clientWidth / 2) / box.scrollWidth, (box.scrollTop + box.clientHeight / 2) / box.scrollHeight];
    zoom = Math.min(6, Math.max(1, zoom * factor));
    svg.style.width = (zoom * 100).toFixed(2) + "%";
    document.body.dataset.zoom = zoom.toFixed(2);
    box.scrollLeft = centre[0] * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = centre[1] * box.scrollHeight - box.clientHeight / 2;
  };
  $("zoom-in").onclick = () => zoomBy(1.25);
  $("zoom-out").onclick = () => zoomBy(0.8);
  players.forEach((p, s) => { p.raw = data.names ? data.names[s] : p.name; });
  seek(0);
  drawChart();
  document.body.dataset.readyAt = performance.now();  // for tests and benchmarks/replay_page.py:
  document.body.dataset.ready = "1";                   // the data is read and the first step drawn
})().catch((err) => { document.body.dataset.error = String(err); throw err; });
