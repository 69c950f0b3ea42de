/**
 * Summarizes a V8 CPU profile (`node --cpu-prof` writes one .cpuprofile per process on exit): the functions with the
 * most self time, and the most total time (self plus what they called, each sample counted once per function).
 *
 *   node --import tsx apps/server/src/bench/cpu-profile.ts CPU.123.cpuprofile [rows] [skip seconds]
 *
 * `skip seconds` leaves out the start (loading modules, migrating) so only the load the server was under counts.
 */
import fs from "node:fs";
import path from "node:path";

type TNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type TProfile = { nodes: TNode[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error("usage: cpu-profile.ts <file.cpuprofile> [rows] [skip seconds]");
const rows = Number(rowsArg ?? 30);
const skipUs = Number(skipArg ?? 0) * 1e6;
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as TProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const nameOf = (n: TNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url
    ? `${url
        .replace(/^file:\/\//, "")
        .split(`${path.sep}node_modules${path.sep}`)
        .pop()}:${lineNumber + 1}`
    : "";
  return `${functionName || "(anonymous)"} ${where}`.trim();
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
let elapsed = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  elapsed += dt;
  if (elapsed < skipUs) return;
  all += dt;
  const leaf = byId.get(id);
  if (!leaf) return;
  self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let n: TNode | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
    const name = nameOf(n);
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + dt);
  }
});

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(all / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((us / all) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print("self time", self);
print("total time", total);
