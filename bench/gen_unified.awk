# gen_unified.awk — replicate a real unified (-Xlog, uptime decorator) GC log
# into a big one: copy k shifts every [N.NNNs] uptime by k*span and every
# GC(N) id by k*(max id + 1), so the result reads like one long JVM run.
# The header (lines before the first GC(N) line) is written once.
#   awk -v copies=N -f gen_unified.awk real.log > big.log
# Two passes over the input: read into memory (small), then write.
{ line[NR] = $0 }
END {
    body = 0
    for (i = 1; i <= NR; i++) if (line[i] ~ /GC\([0-9]+\)/) { body = i; break }
    if (!body) body = 1
    maxid = 0; span = 0
    for (i = 1; i <= NR; i++) {
        if (match(line[i], /GC\([0-9]+\)/)) { id = substr(line[i], RSTART + 3, RLENGTH - 4) + 0; if (id > maxid) maxid = id }
        if (match(line[i], /^\[[0-9]+\.[0-9]+s\]/)) { t = substr(line[i], 2, RLENGTH - 3) + 0; if (t > span) span = t }
    }
    span += 1
    for (i = 1; i < body; i++) print line[i]
    for (k = 0; k < copies; k++) {
        shift = k * span; idshift = k * (maxid + 1)
        for (i = body; i <= NR; i++) {
            s = line[i]
            if (match(s, /^\[[0-9]+\.[0-9]+s\]/)) {
                t = substr(s, 2, RLENGTH - 3) + shift
                s = sprintf("[%.3fs]", t) substr(s, RLENGTH + 1)
            }
            if (match(s, /GC\([0-9]+\)/)) {
                id = substr(s, RSTART + 3, RLENGTH - 4) + idshift
                s = substr(s, 1, RSTART - 1) "GC(" id ")" substr(s, RSTART + RLENGTH)
            }
            print s
        }
    }
}
