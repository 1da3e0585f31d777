// A seat-protocol client (docs/seat-protocol.md) for Node: a random legal answer to every question.
const lines = require("readline").createInterface({ input: process.stdin });
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let stay = 1;
lines.on("line", (line) => {
  const m = JSON.parse(line);
  if (m.type === "hello") stay = m.rules.stay;
  if (m.type !== "question") return;
  let options = m.options;
  if (!options) { options = []; for (let n = m.range[0]; n <= m.range[1]; n++) options.push(n); }
  let answer = m.optional && (Math.random() < 0.3 || m.kind === "play") ? null : pick(options);
  if (answer !== null && m.kind === "place") answer = [answer, 1 + Math.floor(Math.random() * m.most)];
  if (answer !== null && m.kind === "fortify")
    answer = answer.concat([1 + Math.floor(Math.random() * (m.view.armies[answer[0]] - stay))]);
  process.stdout.write(JSON.stringify(answer) + "\n");
});
