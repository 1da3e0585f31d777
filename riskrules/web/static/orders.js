// Orders given together (issue 45) on a game's page, loaded before table.js, whose question_,
// choosable and clicked hand an `order` question here. The person clicks one of his territories,
// then a neighbour, chooses the armies (and attack only / transfer only where the rules allow),
// and adds the order: it is drawn as an arrow on the board and listed with a button to remove it.
// "Send orders" sends the whole list at once ({"orders": [[mode, from, to, armies], …]}); the
// server checks it whole and the engine carries it out with everyone's. Whose orders are in
// this round is shown from the seat's state (`orders_in`), never what they are.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
let ordering = {question: null, orders: [], mode: 0};  // the list being written, for one question

function orderList(d) {
  const key = current + ":" + d.number;
  if (ordering.question !== key) ordering = {question: key, orders: [], mode: 0};
  return ordering.orders;
}

function orderChoosable(d) {
  if (local.source === undefined || local.target !== undefined) return [...new Set(d.options.map((p) => p[0]))];
  return d.options.filter((p) => p[0] === local.source).map((p) => p[1]);
}

function orderClicked(d, x) {
  if (local.source !== undefined && local.target === undefined && d.options.some((p) => p[0] === local.source && p[1] === x)) {
    local.target = x;
  } else if (d.options.some((p) => p[0] === x)) {
    local.source = x; local.target = undefined;
  } else return;
  render();
}

// the armies on a territory of one's own with one's deployments there, but those that must stay
function orderFree(d, state, x) {
  const deployed = d.deployed.filter((p) => p[0] === x).reduce((a, p) => a + p[1], 0);
  return Math.max(1, Math.min(d.most, (state.armies[x] || 0) + deployed - d.guard));
}

function orderControls(d, state, parts) {
  const words = d.labels;
  const orders = orderList(d);
  planMarks(Object.fromEntries(d.deployed));  // (the seat's own deployments: +n beside the badges)
  if (d.deployed.length) {
    const note = document.createElement("p");
    note.id = "deployed";
    note.textContent = say(words.deployed, {list: d.deployed.map(([x, n]) => info.territories[x] + " +" + n).join(", ")});
    parts.push(note);
  }
  if (local.target !== undefined) {
    const free = orderFree(d, state, local.source);
    const input = numberInput(1, d.most, free);
    parts.push(document.createTextNode(info.territories[local.source] + " → " + info.territories[local.target] + " "));
    parts.push(input);
    if (d.modes.length > 1) {
      const box = document.createElement("fieldset");
      box.id = "order-mode";
      for (const mode of d.modes) {
        const label = document.createElement("label");
        const radio = document.createElement("input");
        radio.type = "radio"; radio.name = "order-mode"; radio.value = String(mode); radio.checked = ordering.mode === mode;
        radio.addEventListener("change", () => { ordering.mode = mode; });
        label.append(radio, " " + words.modes[mode]);
        box.appendChild(label);
      }
      parts.push(box);
    }
    parts.push(button(words.add, () => {
      orders.push([d.modes.includes(ordering.mode) ? ordering.mode : 0, local.source, local.target, whole(input.value, free)]);
      local = {};
      render();
    }, true));
  } else if (local.source !== undefined) {
    parts.push(document.createTextNode(say(info.words.chosen_from, {territory: info.territories[local.source]})));
  }
  const list = document.createElement("ol");
  list.id = "orders";
  orders.forEach((o, i) => {
    const li = document.createElement("li");
    li.textContent = info.territories[o[1]] + " → " + info.territories[o[2]] + ", " + o[3] +
      (o[0] ? ", " + words.modes[o[0]] : "") + " ";
    const remove = button(words.remove, () => { orders.splice(i, 1); render(); });
    remove.dataset.remove = String(i);
    li.appendChild(remove);
    list.appendChild(li);
  });
  if (!orders.length) { const li = document.createElement("li"); li.className = "none"; li.textContent = words.none; list.appendChild(li); }
  parts.push(list);
  const sendAll = button(words.send, () => send({orders: orders.map((o) => o.slice())}), local.target === undefined);
  sendAll.id = "send-orders";
  parts.push(sendAll);
  orderArrows(orders);
}

// the list's orders as arrows from territory to territory, with their armies
function orderArrows(orders) {
  document.querySelectorAll(".order-arrow").forEach((e) => e.remove());
  const svg = document.querySelector("#board svg");
  if (!svg || !orders || !orders.length) return;
  if (!document.getElementById("order-head")) {
    const defs = document.createElementNS(SVG_NS, "defs");
    defs.innerHTML = '<marker id="order-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" ' +
      'orient="auto"><path d="M0,0L10,5L0,10Z" fill="#b00020"/></marker>';
    svg.appendChild(defs);
  }
  const centre = (x) => { const r = $("r" + x) || $("a" + x); return r ? [parseFloat(r.getAttribute("cx") ?? r.getAttribute("x")), parseFloat(r.getAttribute("cy") ?? r.getAttribute("y"))] : null; };
  orders.forEach((o, i) => {
    const a = centre(o[1]), b = centre(o[2]);
    if (!a || !b) return;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1, cut = Math.min(16, length / 3);
    // (orders between the same two territories side by side, not one over the other)
    const k = orders.slice(0, i).filter((p) => p[1] === o[1] && p[2] === o[2]).length;
    const side = [-(b[1] - a[1]) / length * 14 * k, (b[0] - a[0]) / length * 14 * k];
    a[0] += side[0]; a[1] += side[1];
    const end = [b[0] + side[0] - (b[0] - a[0] + side[0]) * cut / length, b[1] + side[1] - (b[1] - a[1] + side[1]) * cut / length];
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "order-arrow");
    g.dataset.order = String(i);
    const line = document.createElementNS(SVG_NS, "line");
    for (const [k, v] of [["x1", a[0]], ["y1", a[1]], ["x2", end[0]], ["y2", end[1]]]) line.setAttribute(k, v.toFixed(1));
    line.setAttribute("marker-end", "url(#order-head)");
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("x", ((a[0] + end[0]) / 2).toFixed(1));
    label.setAttribute("y", ((a[1] + end[1]) / 2).toFixed(1));
    label.setAttribute("text-anchor", "middle");
    label.textContent = String(o[3]);
    g.append(line, label);
    svg.appendChild(g);
  });
}

// whose orders are in this round (names only), under the question
function ordersIn(state) {
  let line = $("orders-in");
  if (!state.orders_in) { if (line) line.remove(); return; }
  if (!line) {
    line = document.createElement("p");
    line.id = "orders-in";
    line.setAttribute("role", "status");
    $("faced").after(line);
  }
  line.textContent = state.orders_in.text;
  line.dataset.seats = state.orders_in.seats.join(",");
}
