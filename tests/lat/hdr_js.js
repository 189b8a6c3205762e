// hdr_js.js — interoperability check with the npm package hdr-histogram-js
// (an independent HdrHistogram implementation).
//   node hdr_js.js decode FILE   -> "total N\nmin V\nmax V\np50 V\np99 V" of the
//                                   first histogram line of an interval log
//   node hdr_js.js encode V:C... -> an interval-log line written by the library
//   node hdr_js.js hgrm FILE     -> outputPercentileDistribution(5, 1) of $(NF-1) of FILE
const hdr = require("hdr-histogram-js");
const fs = require("fs");
const [cmd, ...args] = process.argv.slice(2);
if (cmd === "decode") {
  const line = fs.readFileSync(args[0], "utf8").split("\n").find((l) => l && !l.startsWith("#") && !l.startsWith('"'));
  const f = line.split(",");
  const h = hdr.decodeFromCompressedBase64(f[f.length - 1], 64, false);
  console.log("total " + h.totalCount);
  console.log("min " + h.minNonZeroValue);
  console.log("max " + h.maxValue);
  for (const v of [1, 5, 13, 100, 1000]) console.log("count_at " + v + " " + h.getCountAtValue(v));
} else if (cmd === "encode") {
  const h = hdr.build({ bitBucketSize: 64, numberOfSignificantValueDigits: 3, useWebAssembly: false });
  for (const a of args) {
    const [v, c] = a.split(":").map(Number);
    h.recordValueWithCount(v, c);
  }
  console.log('"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"');
  console.log("0.000,1.000," + h.maxValue.toFixed(3) + "," + hdr.encodeIntoCompressedBase64(h));
} else if (cmd === "hgrm") {
  const h = hdr.build({ bitBucketSize: 64, numberOfSignificantValueDigits: 3, useWebAssembly: false });
  for (const l of fs.readFileSync(args[0], "utf8").split("\n")) {
    const f = l.trim().split(/\s+/);
    if (f.length >= 2) h.recordValue(Number(f[f.length - 2]));
  }
  process.stdout.write(h.outputPercentileDistribution(5, 1));
}
