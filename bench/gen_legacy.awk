# gen_legacy.awk — replicate a JDK 8 (-XX:+PrintGCDetails) GC log into a big
# one: copy k shifts every date stamp ("2023-04-12T10:00:17.533+0800", with
# or without milliseconds/zone) and every uptime stamp ("17.533: " after a
# blank or at the line start) by k*span seconds, so that the result reads as
# one long JVM run. Header lines (before the first stamped line) are written
# once. Plain POSIX awk (mawk): dates are converted by hand.
#   awk -v copies=N -f gen_legacy.awk real.log > big.log
# Each line is split once into text and stamp tokens (END block), then every
# copy only formats shifted numbers.

# days since 1970-01-01 of a civil date (H. Hinnant's algorithm)
function days_from_civil(y, m, d,    era, yoe, doy, doe) {
    y -= (m <= 2)
    era = int((y >= 0 ? y : y - 399) / 400)
    yoe = y - era * 400
    doy = int((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
    doe = yoe * 365 + int(yoe / 4) - int(yoe / 100) + doy
    return era * 146097 + doe - 719468
}
# "YYYY-MM-DDTHH:MM:SS" of epoch seconds s (UTC arithmetic on the local text)
function civil(s,    z, era, doe, yoe, y, doy, mp, d, m, sod) {
    z = int(s / 86400); sod = s - z * 86400
    z += 719468
    era = int((z >= 0 ? z : z - 146096) / 146097)
    doe = z - era * 146097
    yoe = int((doe - int(doe / 1460) + int(doe / 36524) - int(doe / 146096)) / 365)
    y = yoe + era * 400
    doy = doe - (365 * yoe + int(yoe / 4) - int(yoe / 100))
    mp = int((5 * doy + 2) / 153)
    d = doy - int((153 * mp + 2) / 5) + 1
    m = mp + (mp < 10 ? 3 : -9)
    y += (m <= 2)
    return sprintf("%04d-%02d-%02dT%02d:%02d:%02d", y, m, d, int(sod / 3600), int(sod % 3600 / 60), sod % 60)
}
{ line[NR] = $0 }
END {
    dre = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]"
    ure = "(^|[ ])[0-9]+[.][0-9]+: "
    body = 0; t0 = -1; t1 = 0; u1 = 0
    for (i = 1; i <= NR; i++) {
        s = line[i]; nt[i] = 0
        # split into tokens: kind "t" text, "d" date (value: epoch s, frac text kept), "u" uptime
        while (length(s)) {
            pd = match(s, dre); dpos = RSTART; dlen = RLENGTH
            pu = match(s, ure); upos = RSTART; ulen = RLENGTH
            if (!pd && !pu) { tok(i, "t", s, 0, ""); break }
            if (pd && (!pu || dpos <= upos)) {
                tok(i, "t", substr(s, 1, dpos - 1), 0, "")
                d = substr(s, dpos, dlen)
                v = days_from_civil(substr(d, 1, 4) + 0, substr(d, 6, 2) + 0, substr(d, 9, 2) + 0) * 86400 + substr(d, 12, 2) * 3600 + substr(d, 15, 2) * 60 + substr(d, 18, 2)
                tok(i, "d", "", v, "")
                if (t0 < 0 || v < t0) t0 = v
                if (v > t1) t1 = v
                s = substr(s, dpos + dlen)
            } else {
                lead = substr(s, upos, 1) == " " ? 1 : 0
                tok(i, "t", substr(s, 1, upos - 1 + lead), 0, "")
                u = substr(s, upos + lead, ulen - lead - 2)
                f = u; sub(/^[0-9]+[.]/, "", f)
                tok(i, "u", "", u + 0, length(f))
                if (u + 0 > u1) u1 = u + 0
                s = substr(s, upos + ulen - 2)
            }
            if (!body) body = i
        }
    }
    if (!body) body = 1
    span = (t1 - t0 > u1 ? t1 - t0 : u1) + 1
    span = int(span) + 1
    for (i = 1; i < body; i++) print line[i]
    for (k = 0; k < copies; k++) {
        sh = k * span
        for (i = body; i <= NR; i++) {
            o = ""
            for (j = 1; j <= nt[i]; j++) {
                if (tk[i, j] == "t") o = o tx[i, j]
                else if (tk[i, j] == "d") o = o civil(tv[i, j] + sh)
                else o = o sprintf("%." tf[i, j] "f", tv[i, j] + sh)
            }
            print o
        }
    }
}
function tok(i, kind, text, v, f) {
    if (kind == "t" && text == "") return
    nt[i]++
    tk[i, nt[i]] = kind; tx[i, nt[i]] = text; tv[i, nt[i]] = v; tf[i, nt[i]] = f
}
